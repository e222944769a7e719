#!/usr/bin/env bash
# Stops the servers start.sh started (by their pid files only), politely first, then for sure.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
for name in kafka mongo redis; do
  pidfile="$INFRA_RUN/$name.pid"
  [ -f "$pidfile" ] || continue
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$pid" 2>/dev/null; then log "$name (pid $pid) ignored SIGTERM; killing"; kill -KILL "$pid" 2>/dev/null; fi
    log "$name stopped"
  fi
  rm -f "$pidfile"
done
