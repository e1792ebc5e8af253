#pragma once
// A prepared statement that finalizes itself. Failures surface as
// SqliteFailure carrying SQLite's result code; the Store turns them into
// messages that name the file and what it was doing.

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>

namespace grove::sqlite {

struct SqliteFailure {
  int code;
};

class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) : db_(db) {
    check(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr));
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, const std::string& text) {
    check(sqlite3_bind_text(statement_, index, text.c_str(), -1, SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind_or_null(int index, const std::string& text) {
    if (text.empty()) {
      check(sqlite3_bind_null(statement_, index));
      return *this;
    }
    return bind(index, text);
  }
  Statement& bind_blob_or_null(int index, const std::optional<std::string>& bytes) {
    check(bytes ? sqlite3_bind_blob64(statement_, index, bytes->data(), bytes->size(),
                                      SQLITE_TRANSIENT)
                : sqlite3_bind_null(statement_, index));
    return *this;
  }
  Statement& bind(int index, std::int64_t value) {
    check(sqlite3_bind_int64(statement_, index, value));
    return *this;
  }
  Statement& bind(int index, double value) {
    check(sqlite3_bind_double(statement_, index, value));
    return *this;
  }
  Statement& bind(int index, const std::optional<std::uint64_t>& value) {
    // SQLite integers are signed; seeds keep their bits.
    check(value ? sqlite3_bind_int64(statement_, index, static_cast<std::int64_t>(*value))
                : sqlite3_bind_null(statement_, index));
    return *this;
  }

  // Ready to be bound and stepped again (bindings are replaced one by one).
  void reset() { check(sqlite3_reset(statement_)); }

  // True while there is a row to read.
  bool step() {
    int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    throw SqliteFailure{code};
  }

  std::string text(int column) const {
    const unsigned char* value = sqlite3_column_text(statement_, column);
    return value == nullptr ? std::string() : reinterpret_cast<const char*>(value);
  }
  std::optional<std::string> blob(int column) const {
    if (is_null(column)) return std::nullopt;
    const void* bytes = sqlite3_column_blob(statement_, column);
    const int size = sqlite3_column_bytes(statement_, column);
    return bytes == nullptr
               ? std::string()
               : std::string(static_cast<const char*>(bytes), static_cast<std::size_t>(size));
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }
  double real(int column) const { return sqlite3_column_double(statement_, column); }
  bool is_null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }

 private:
  void check(int code) const {
    if (code != SQLITE_OK) throw SqliteFailure{code};
  }

  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

}  // namespace grove::sqlite
