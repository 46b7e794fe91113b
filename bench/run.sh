#!/bin/sh
# bench/run.sh [COUNT [RAWFILE]]: the move generator's speed on this
# machine, in a form to compare with the tables of BENCHMARKS.md (which name
# the CPU they were taken on). It runs the project's own benchmarks (go test
# -bench, COUNT runs each, default 5) and prints the machine, then per
# benchmark the median ns per op, the plays listed per op, the ns per listed
# play and the allocations per op. With RAWFILE it also writes every run
# there, as go test printed it, for benchstat (two such files, before and
# after a change: benchstat old.txt new.txt). One op of a corpus benchmark
# is one AppendLegal call on one (position, roll) pair, into a reused
# MaxPlays buffer.
#
# Absolute times depend on the CPU, its caches and the load: compare
# ratios between engines measured in the same run (BENCHMARKS.md), not
# times across machines. Run it on a quiet machine; "nice" does not help.
set -eu
COUNT=${1:-5}
RAW=${2:-}
# RAWFILE is named from where the script was called, before the cd.
case $RAW in '' | /*) ;; *) RAW="$(pwd)/$RAW" ;; esac
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT

cpu=$( (lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1) || true)
[ -n "$cpu" ] || cpu=$(sysctl -n machdep.cpu.brand_string 2>/dev/null || echo unknown)
echo "cpu:    $cpu"
lscpu 2>/dev/null | sed -n 's/^\(L1d\|L2\|L3\) cache: */\1 /p' | tr '\n' ' ' | sed 's/^/caches: /; s/ $/\n/' || true
echo "cores:  $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo ?), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*average[s]*: //')"
echo "go:     $(go version | cut -d' ' -f3-)"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo ?)"
echo

# go test appends -N to every name when it runs with N > 1 CPUs; -cpu
# sets N, so that the suffix is known (by default Go counts a container's
# CPU quota, which nproc does not see).
procs=${GOMAXPROCS:-$(nproc 2>/dev/null || echo 1)}
go test -run '^$' -bench 'LegalShortStart/^(3-1|1-1)$' -benchmem -count "$COUNT" -cpu "$procs" . >>"$out"
go test -run '^$' -bench '^Benchmark(ShortContact|ShortRace|LongRandom|Worst)$' -benchmem -count "$COUNT" -cpu "$procs" . >>"$out"
go test -run '^$' -bench '^BenchmarkPerftShort3(List)?$' -benchtime 1x -benchmem -count "$COUNT" -cpu "$procs" . >>"$out"
[ -z "$RAW" ] || cp "$out" "$RAW"

# One line per benchmark: the median of the COUNT runs (the mean of the
# middle two for an even COUNT).
grep '^Benchmark' "$out" | awk -v procs="$procs" '
{
	name = $1; sub(/^Benchmark/, "", name)
	if (procs > 1) sub("-" procs "$", "", name)
	ns = ""; plays = ""; allocs = ""
	for (i = 2; i < NF; i++) {
		if ($(i+1) == "ns/op") ns = $i
		if ($(i+1) == "plays/op") plays = $i
		if ($(i+1) == "allocs/op") allocs = $i
	}
	print name, ns, (plays == "" ? "-" : plays), (allocs == "" ? "-" : allocs)
}' | sort -k1,1 -k2,2g | awk '
function flush() {
	if (n == 0) return
	m = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	per = (p == "-" || p + 0 == 0) ? "-" : sprintf("%.2f", m / p)
	printf "%-30s %12s/op %9s plays/op %8s ns/play %4s allocs/op\n", cur, fmt(m), p, per, a
	n = 0
}
function fmt(x) { return x >= 1e6 ? sprintf("%.3f s", x / 1e9) : sprintf("%.1f ns", x) }
{
	if ($1 != cur) { flush(); cur = $1 }
	v[++n] = $2; p = $3; a = $4
}
END { flush() }'
