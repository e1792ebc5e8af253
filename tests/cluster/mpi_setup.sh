# Sourced by the MPI tests with the grove binary as $1: skips (exit 77, and
# says why) where they cannot run, readies mpirun, and leaves the caller in
# a fresh folder removed on exit, with fail() to stop on a broken promise.
if ! command -v mpirun >/dev/null; then
  echo "skipped: mpirun is not installed (tools/install-deps.sh installs Open MPI)"
  exit 77
fi
if ! grep -q "built with MPI" <<<"$("$1" --version)"; then
  echo "skipped: this grove was built without MPI"
  exit 77
fi
# In CI the tests run as root, which mpirun refuses unless told.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# A machine where mpirun cannot start two processes at all (a container
# without what Open MPI needs) skips, and says so, rather than fails.
if ! launch_error=$(mpirun --oversubscribe -np 2 true 2>&1); then
  echo "skipped: mpirun cannot start processes here: $(head -3 <<<"$launch_error")"
  exit 77
fi
# Under the sanitizer pass: Open MPI keeps memory until exit in components
# it unloads first, so LeakSanitizer sees leaks it cannot attribute or
# suppress. It is off here only; AddressSanitizer and UBSan still watch
# every rank, and the same code is leak-checked in one process by the
# other tests.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
work=$(mktemp -d)
# Whatever a test left running in the folder is ended with it.
trap 'pkill -KILL -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL $*"; exit 1; }
