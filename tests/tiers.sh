#!/usr/bin/env bash
# The server tier and the browser tier of `make test`, side by side.
#
# The server tier mostly waits (on leases, restarts, sockets: load ~0.5 on a quiet 2-core
# machine), so it runs in the background while the browser tier keeps both cores busy;
# each tier's tests already pass on a loaded machine (the browser tier under load 12-17,
# the server tier on four workers under load 10-17: docs/benchmarks.md, "The test suite").
# The server tier's output is kept in a file and printed whole when both are done, then the
# browser tier's summary again, so the end of the log shows every failure of both.
# Usage: tests/tiers.sh PYTHON   (exit status: non-zero if either tier failed)
set -u
py=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

HYPOTHESIS_PROFILE=ci "$py" -m pytest -n 2 -m "server and not browser" --durations=15 -p no:cacheprovider \
  >"$dir/server.log" 2>&1 &
server=$!

"$py" -m pytest -n 2 --dist loadfile --no-loadscope-reorder -m browser --durations=25 2>&1 \
  | tee "$dir/browser.log"
browser_rc=${PIPESTATUS[0]}

wait "$server"
server_rc=$?

echo
echo "======== the server tier (it ran beside the browser tier): exit status $server_rc ========"
cat "$dir/server.log"
echo
echo "======== the browser tier: exit status $browser_rc ========"
sed -n '/short test summary info/,$p' "$dir/browser.log"
tail -n 1 "$dir/browser.log"
if [ "$server_rc" -ne 0 ] || [ "$browser_rc" -ne 0 ]; then
  echo "make test: server tier exit $server_rc, browser tier exit $browser_rc" >&2
  exit 1
fi
