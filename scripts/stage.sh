#!/usr/bin/env bash
# One stage of the suite: runs a command with its output in a log, and prints
# how long it took. On a failure it shows the end of the log and fails.
#
#   scripts/stage.sh NAME COMMAND [ARGS...]
#
# SUITE_LOGS (default test-results/suite) holds NAME.log; each stage appends
# "NAME ok|FALLÓ SECONDS" to SUITE_LOGS/tiempos, which scripts/suite.sh sums up.
set -uo pipefail

name=$1
shift
logs=${SUITE_LOGS:-test-results/suite}
mkdir -p "$logs"
log="$logs/$name.log"
# SUITE_CARRIL names the lane in front of each line (scripts/suite.sh runs two at once).
carril=${SUITE_CARRIL:+[$SUITE_CARRIL]}

printf '%-6s▶ %-16s %s\n' "$carril" "$name" "$*"
start=$(date +%s.%N)
"$@" >"$log" 2>&1
rc=$?
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')

if [ "$rc" -eq 0 ]; then
  echo "$name ok $secs" >>"$logs/tiempos"
  printf '%-6s✓ %-16s %7s s\n' "$carril" "$name" "$secs"
  exit 0
fi
echo "$name FALLÓ $secs" >>"$logs/tiempos"
lines=${SUITE_LOG_LINES:-80}
{
  printf '%-6s✗ %-16s %7s s  (salida %d; últimas %d líneas de %s)\n' "$carril" "$name" "$secs" "$rc" "$lines" "$log"
  tail -n "$lines" "$log" | sed "s/^/  $name │ /"
} >&2
exit "$rc"
