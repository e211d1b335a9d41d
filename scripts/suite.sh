#!/usr/bin/env bash
# `make test`: the whole suite in two lanes side by side, each a row of stages
# (scripts/stage.sh) that prints its time; at the end, every stage's time and
# the total against the budget (MUELLE_SUITE_PRESUPUESTO seconds, 900 by
# default: 15 minutes on a quiet two-core machine). Fails when any stage fails,
# showing that stage's log; a lane stops at its first failure, the other goes on
# (Vitest runs whatever the Go stages did).
#
#   Go:   check-generated → fuzz-short → vet → go-test → lint → vitest
#   web:  build → go-web → e2e
#
# Every stage keeps both cores busy, so the suite takes about their work over
# two cores whatever the order; the order only keeps a core from idling.
# Playwright, the longest stage, starts as soon as the build is done and runs
# beside the Go stages. Vitest comes last, with two workers: one file at a
# time beside the Go tests took three times as long, and left a core idle
# once they ended.
#
# The Go lane leaves out the packages that embed web/dist (cmd/muelle, web):
# the web lane builds web/dist and bin/muelle first and then vets and tests them
# (go-web), so no package is compiled while web/dist is being rewritten.
# Logs: SUITE_LOGS (test-results/suite), one file per stage.
set -uo pipefail
cd "$(dirname "$0")/.."

export SUITE_LOGS=${SUITE_LOGS:-test-results/suite}
rm -rf "$SUITE_LOGS"
mkdir -p "$SUITE_LOGS"
presupuesto=${MUELLE_SUITE_PRESUPUESTO:-900}
inicio=$(date +%s.%N)

stage() { scripts/stage.sh "$@"; }

if [ -n "${MUELLE_TEST_POSTGRES:-}" ]; then
  echo "Go: SQLite y PostgreSQL en paralelo"
else
  echo "Go: solo SQLite (defina MUELLE_TEST_POSTGRES para PostgreSQL)"
fi

# Both lanes need the npm packages (check-generated runs openapi-typescript).
stage npm-ci make -s web/node_modules/.installed || exit 1

web_pkgs='./cmd/muelle ./web'
go_pkgs=$(go list ./cmd/... ./internal/... | grep -v -x -e muelle/cmd/muelle -e muelle/web | tr '\n' ' ')

carril_go() {
  stage check-generated make -s check-generated &&
    stage fuzz-short make -s fuzz-short &&
    stage vet make -s vet GO_PKGS="$go_pkgs" &&
    stage go-test make -s go-test GO_PKGS="$go_pkgs" &&
    stage lint make -s lint
  local rc=$?
  VITEST_MAX_WORKERS=${VITEST_MAX_WORKERS:-2} stage vitest make -s vitest && return "$rc"
}

carril_web() {
  stage build make -s build &&
    stage go-web make -s vet go-test GO_PKGS="$web_pkgs" &&
    stage e2e scripts/e2e.sh
}

(export SUITE_CARRIL=go; carril_go) &
go_pid=$!
(export SUITE_CARRIL=web; carril_web) &
web_pid=$!
wait "$go_pid"
go_rc=$?
wait "$web_pid"
web_rc=$?

total=$(awk -v a="$inicio" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
echo
echo "Tiempos (s), por etapa:"
awk '{ printf "  %-16s %-6s %7.1f\n", $1, $2, $3; s += $3 } END { printf "  %-16s %-6s %7.1f  (suma de las etapas)\n", "", "", s }' "$SUITE_LOGS/tiempos"
printf 'Total: %d s de un presupuesto de %d s' "$total" "$presupuesto"
if [ "$total" -gt "$presupuesto" ]; then
  printf '  ⚠ por encima (¿máquina cargada? compare las etapas)\n'
else
  printf '  ✓\n'
fi

if [ "$go_rc" -ne 0 ] || [ "$web_rc" -ne 0 ]; then
  # The names of what failed come last, where a reader of the output's end sees them.
  for etapa in $(awk '$2 != "ok" { print $1 }' "$SUITE_LOGS/tiempos"); do
    echo "── $etapa: lo que falló ──" >&2
    grep -E -e '--- FAIL|^ *FAIL |✘|×|^ +[0-9]+ (failed|flaky)$|^ +\[(chromium|empresa)\] ›' "$SUITE_LOGS/$etapa.log" | tail -20 >&2
  done
  echo "FALLÓ: $(awk '$2 != "ok" { printf "%s ", $1 }' "$SUITE_LOGS/tiempos")(registros en $SUITE_LOGS)" >&2
  exit 1
fi
