#pragma once
// A prepared statement that finalizes itself. Failures surface as
// SqliteFailure carrying SQLite's result code; the Store turns them into
// messages that name the file and what it was doing.
//
// Values are bound by position, all at once (bind_all), and a row's columns
// are read into variables in the order selected (read). What a C++ type is
// in SQLite:
//   std::string                    TEXT (empty text stays empty text)
//   null_if_empty(text)            TEXT, or NULL when empty
//   std::int64_t, int, ...         INTEGER (a std::uint64_t keeps its bits)
//   bool                           INTEGER 1 or 0
//   double                         REAL
//   std::optional<T>               T, or NULL when there is none
//   as_blob(optional bytes)        BLOB, or NULL when there are none
// Read back, NULL is an empty text, 0, false or an empty optional; a
// std::optional<std::string> reads a BLOB.

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace grove::sqlite {

struct SqliteFailure {
  int code;
};

// Bound as NULL when the text is empty.
struct NullIfEmpty {
  const std::string& text;
};
inline NullIfEmpty null_if_empty(const std::string& text) { return {text}; }

// Bound as a BLOB, or NULL when there is none.
struct Blob {
  const std::optional<std::string>& bytes;
};
inline Blob as_blob(const std::optional<std::string>& bytes) { return {bytes}; }

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql) {
    check(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr));
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds the values to parameters 1, 2, ... in order (replacing what was
  // bound before).
  template <class... Values>
  Statement& bind_all(const Values&... values) {
    int index = 0;
    (bind_at(++index, values), ...);
    return *this;
  }

  // Ready to be bound and stepped again.
  void reset() { check(sqlite3_reset(statement_)); }

  // True while there is a row to read.
  bool step() {
    int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    throw SqliteFailure{code};
  }

  // Reads the row's columns 0, 1, ... into the variables, in order.
  template <class... Fields>
  void read(Fields&... fields) const {
    int column = 0;
    (read_at(column++, fields), ...);
  }

  // Every row, each made by `read_row` from the statement standing on it.
  template <class ReadRow>
  auto all(ReadRow read_row) {
    std::vector<std::invoke_result_t<ReadRow, const Statement&>> rows;
    while (step()) rows.push_back(read_row(*this));
    return rows;
  }
  // The first row, or nothing when there is none.
  template <class ReadRow>
  auto first(ReadRow read_row) {
    using Row = std::invoke_result_t<ReadRow, const Statement&>;
    return step() ? std::optional<Row>(read_row(*this)) : std::nullopt;
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
  template <class T>
  void bind_at(int index, const T& value) {
    if constexpr (std::is_same_v<T, std::string>) {
      check(sqlite3_bind_text(statement_, index, value.c_str(), -1, SQLITE_TRANSIENT));
    } else if constexpr (std::is_same_v<T, NullIfEmpty>) {
      if (value.text.empty()) {
        check(sqlite3_bind_null(statement_, index));
      } else {
        bind_at(index, value.text);
      }
    } else if constexpr (std::is_same_v<T, Blob>) {
      check(value.bytes ? sqlite3_bind_blob64(statement_, index, value.bytes->data(),
                                              value.bytes->size(), SQLITE_TRANSIENT)
                        : sqlite3_bind_null(statement_, index));
    } else if constexpr (std::is_same_v<T, bool>) {
      check(sqlite3_bind_int64(statement_, index, value ? 1 : 0));
    } else if constexpr (std::is_integral_v<T>) {
      // SQLite integers are signed; seeds keep their bits.
      check(sqlite3_bind_int64(statement_, index, static_cast<std::int64_t>(value)));
    } else if constexpr (std::is_floating_point_v<T>) {
      check(sqlite3_bind_double(statement_, index, static_cast<double>(value)));
    } else if constexpr (IsOptional<T>::value) {
      if (value) {
        bind_at(index, *value);
      } else {
        check(sqlite3_bind_null(statement_, index));
      }
    } else {
      static_assert(!sizeof(T), "no SQLite type for this C++ type");
    }
  }

  template <class T>
  void read_at(int column, T& field) const {
    if constexpr (std::is_same_v<T, std::string>) {
      field = text(column);
    } else if constexpr (std::is_same_v<T, std::optional<std::string>>) {
      field = blob(column);
    } else if constexpr (std::is_same_v<T, bool>) {
      field = integer(column) != 0;
    } else if constexpr (std::is_integral_v<T>) {
      field = static_cast<T>(integer(column));
    } else if constexpr (std::is_floating_point_v<T>) {
      field = static_cast<T>(real(column));
    } else if constexpr (IsOptional<T>::value) {
      if (is_null(column)) {
        field.reset();
      } else {
        typename T::value_type value{};
        read_at(column, value);
        field = value;
      }
    } else {
      static_assert(!sizeof(T), "no C++ type for this SQLite column");
    }
  }

  void check(int code) const {
    if (code != SQLITE_OK) throw SqliteFailure{code};
  }

  sqlite3_stmt* statement_ = nullptr;
};

// Reads a row into a Row: each column, in the order selected, into the
// field in the same place among `fields`.
template <class Row, class... Types>
constexpr auto row_reader(Types Row::*... fields) {
  return [fields...](const Statement& statement) {
    Row row;
    statement.read((row.*fields)...);
    return row;
  };
}

}  // namespace grove::sqlite
