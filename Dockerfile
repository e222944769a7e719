# One image for the gateway and all seven services; the command picks which one runs:
#   docker run vanhop node services/quote/dist/main.js
#   docker run vanhop node gateway/dist/main.js          (also serves frontend/dist)
#
# Stages:
#   manifests     package.json of the root and every workspace + the lockfile (cache key for installs)
#   build         full install (dev tools: esbuild, Vite, TypeScript) + `npm run build`
#   runtime-deps  production install of the server workspaces only (no frontend, no dev tools)
#   runtime       those node_modules + the built bundles + the built web app, non-root
#
# No `# syntax=` line: it would make BuildKit pull its Dockerfile frontend from a registry. The
# frontend built into the engine (Docker 20.10 and later) has everything used here (RUN --mount).
# Where node:20-slim cannot be pulled, scripts/images/build.sh builds a local Node 20 image and
# passes it as --build-arg NODE_IMAGE=... (README, "Containers").
ARG NODE_IMAGE=node:20-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

FROM base AS manifests
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY services/platform/package.json services/platform/
COPY services/quote/package.json services/quote/
COPY services/fleet/package.json services/fleet/
COPY services/booking/package.json services/booking/
COPY services/payment/package.json services/payment/
COPY services/notification/package.json services/notification/
COPY services/review/package.json services/review/
COPY services/admin-auth/package.json services/admin-auth/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/

FROM manifests AS build
# Install scripts stay off as on developer machines (npm 11 skips them too); esbuild and Vite's
# rolldown ship their native binaries as optional platform packages, which the lockfile pins.
# Behind a TLS-intercepting proxy the registry's certificate is signed by the proxy's own CA; the
# build may pass it as a secret (scripts/images/build.sh passes the CAs the host trusts):
#   docker build --secret id=extra_ca,src=/path/to/ca.pem ...
# It is used by the npm steps only and never stored in a layer; without it nothing changes.
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=extra_ca \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi; \
    npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM manifests AS runtime-deps
# The server bundles keep npm packages external (scripts/build.mjs), so the runtime needs them on
# disk. `npm ci --omit=dev` at the root alone would also install every frontend dependency
# (React, Vite, rolldown...), because a workspace's `dependencies` are not dev dependencies of the
# root. Naming the server workspaces installs exactly their production closure: @vanhop/platform
# and @vanhop/contracts come in through the workspace links, so yup, express, kafkajs, mongodb,
# ioredis, stripe, nodemailer... are all hoisted into /app/node_modules.
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=extra_ca \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi; \
    npm ci --omit=dev --ignore-scripts \
      --workspace=gateway \
      --workspace=services/quote \
      --workspace=services/fleet \
      --workspace=services/booking \
      --workspace=services/payment \
      --workspace=services/notification \
      --workspace=services/review \
      --workspace=services/admin-auth

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0
WORKDIR /app
# node_modules plus every workspace package.json: the bundles are ES modules, and Node decides
# that from the nearest package.json ("type": "module"). The @vanhop/* links in node_modules point
# at these folders; nothing resolves through them at run time because workspace code is bundled.
COPY --from=runtime-deps /app ./
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/frontend/dist frontend/dist
COPY --from=build /app/services/quote/dist services/quote/dist
# The offline geo tables (postcode districts, places) the quote service reads at start.
COPY --from=build /app/services/quote/data services/quote/data
COPY --from=build /app/services/fleet/dist services/fleet/dist
COPY --from=build /app/services/booking/dist services/booking/dist
COPY --from=build /app/services/payment/dist services/payment/dist
COPY --from=build /app/services/notification/dist services/notification/dist
COPY --from=build /app/services/review/dist services/review/dist
COPY --from=build /app/services/admin-auth/dist services/admin-auth/dist
# Files stay owned by root and read-only to the app; the only writable place is DATA_DIR.
# A numeric user lets Kubernetes prove runAsNonRoot without looking the name up.
RUN mkdir -p /app/data && chown 1000:1000 /app/data
ENV DATA_DIR=/app/data
USER 1000:1000
# Defaults for `docker run`; compose and Kubernetes set PORT and their own checks. Node's own
# fetch keeps the slim image free of curl. The gateway answers readiness on its ops port
# (OPS_PORT, default 9090), a service on its PORT: the ops port is asked first.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const ready=(p)=>fetch('http://127.0.0.1:'+p+'/health/ready').then(r=>r.ok);ready(process.env.OPS_PORT||9090).catch(()=>ready(process.env.PORT||8080)).then(ok=>process.exit(ok?0:1),()=>process.exit(1))"]
EXPOSE 8080
# Node is PID 1 and handles SIGTERM itself (readiness off, drain, disconnect: runServiceMain).
CMD ["node", "gateway/dist/main.js"]
