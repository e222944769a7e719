#!/usr/bin/env bash
# Removes what a killed test run may have left in Docker: testcontainers' infrastructure containers
# (label org.vanhop.test; Ryuk, which would reap them, is off) and compose system-test projects
# (named vanhop-ci-*) with their networks and volumes. Touches nothing else.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
docker_up || exit 0
ids="$("$DOCKER" ps -aq --filter label=org.vanhop.test)"
# shellcheck disable=SC2086
[ -n "$ids" ] && "$DOCKER" rm -f $ids >/dev/null && log "removed $(echo "$ids" | wc -w) leftover test container(s)"
projects="$( {
  "$DOCKER" ps -a --filter label=com.docker.compose.project --format '{{ .Label "com.docker.compose.project" }}'
  "$DOCKER" network ls --filter label=com.docker.compose.project --format '{{ .Label "com.docker.compose.project" }}'
} | grep '^vanhop-ci-' | sort -u)"
for p in $projects; do
  ids="$("$DOCKER" ps -aq --filter "label=com.docker.compose.project=$p")"
  # shellcheck disable=SC2086
  [ -n "$ids" ] && "$DOCKER" rm -f $ids >/dev/null
  "$DOCKER" network ls -q --filter "label=com.docker.compose.project=$p" | xargs -r "$DOCKER" network rm >/dev/null 2>&1
  "$DOCKER" volume ls -q --filter "label=com.docker.compose.project=$p" | xargs -r "$DOCKER" volume rm >/dev/null 2>&1
  log "removed leftover compose project $p"
done
exit 0
