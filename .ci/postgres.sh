# Sourced by .ci/run: installs PostgreSQL (Debian's postgresql), starts a
# throw-away server of its own as the postgres user on 127.0.0.1 (a fresh
# data directory, a free port; the system's cluster is left alone), and
# exports NARDY_TEST_POSTGRES for the PostgreSQL tests of examples/server.
# When it cannot, it prints a loud banner and the tests skip.
#
#   start_postgres    # sets NARDY_TEST_POSTGRES, or warns
#   stop_postgres     # stops the server and removes its directory

pg_dir=""
pg_bin=""

pg_banner() {
	echo
	echo "######################################################################"
	echo "WARNING: $*"
	echo "WARNING: the PostgreSQL store tests of examples/server SKIP in this run."
	echo "######################################################################"
	echo
}

start_postgres() {
	local sudo=() port
	if [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null 2>&1; then
		sudo=(sudo -n)
	fi
	pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
	if [[ -z "$pg_bin" ]]; then
		echo "installing postgresql (apt-get)"
		if ! { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null 2>&1 ||
			{ "${sudo[@]}" apt-get update -q >/dev/null 2>&1 &&
				"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null 2>&1; }; }; then
			pg_banner "could not install PostgreSQL (apt-get install postgresql)."
			return 0
		fi
		pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
	fi
	if [[ -z "$pg_bin" ]] || ! id postgres >/dev/null 2>&1; then
		pg_banner "PostgreSQL is installed without its binaries or its postgres user."
		return 0
	fi
	pg_dir=$(mktemp -d /tmp/nardy-pg.XXXXXX)
	chmod 755 "$pg_dir"
	chown postgres "$pg_dir" 2>/dev/null || "${sudo[@]}" chown postgres "$pg_dir"
	as_pg() {
		if [[ $(id -un) == postgres ]]; then
			"$@"
		elif [[ $(id -u) -eq 0 ]]; then
			runuser -u postgres -- "$@"
		else
			"${sudo[@]}" -u postgres "$@"
		fi
	}
	if ! as_pg "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >"$pg_dir/initdb.log" 2>&1; then
		cat "$pg_dir/initdb.log"
		pg_banner "initdb failed."
		return 0
	fi
	for port in 55432 55433 55434 55435 55436 55437 55438 55439; do
		if as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 30 \
			-o "-c listen_addresses=127.0.0.1 -p $port -k $pg_dir -c fsync=off" start >/dev/null 2>&1; then
			export NARDY_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
			echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($pg_dir)"
			return 0
		fi
	done
	tail -5 "$pg_dir/server.log" 2>/dev/null
	pg_banner "could not start PostgreSQL on 127.0.0.1."
	return 0
}

stop_postgres() {
	if [[ -n "$pg_dir" && -d "$pg_dir/data" ]]; then
		if [[ $(id -u) -eq 0 ]]; then
			runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null 2>&1 || true
		else
			sudo -n -u postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null 2>&1 || true
		fi
		rm -rf "$pg_dir" 2>/dev/null || true
	fi
	unset NARDY_TEST_POSTGRES
}
