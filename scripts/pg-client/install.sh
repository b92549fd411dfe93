#!/bin/sh
# `npm run pg-client`: gets pg_dump and pg_restore of the embedded server's PostgreSQL major version
# for `paralens backup` and `restore`, which run PostgreSQL's own tools and never write a dump themselves.
# The embedded-postgres package ships only initdb, pg_ctl and postgres, and pg_dump refuses a server of a
# newer major version than its own, so Debian 12's postgresql-client-15 cannot dump the embedded 18.
#  1. Debian's postgresql-client-<major>, when an apt source offers it (Debian 14, PostgreSQL's own apt
#     repository on Debian or Ubuntu): installed with apt-get; found in /usr/lib/postgresql/<major>/bin.
#  2. Otherwise the tools are built from Debian's source package postgresql-<major> (its upstream tarball,
#     checked by apt against Debian's signed index) into ~/.cache/paralens/pg-client/<major> (outside the
#     checkout, so every clone on the machine shares one build): only libpq and pg_dump, pg_restore and
#     pg_dumpall, against this system's libraries (about 10 minutes on 2 cores).
# Needs root for apt-get (the build needs flex, bison, a C compiler and the -dev packages); without root
# it says what to install and builds with what is there.
set -eu
MAJOR="${1:-18}"
PREFIX="${HOME:-/root}/.cache/paralens/pg-client/$MAJOR"
export DEBIAN_FRONTEND=noninteractive

if [ -x "$PREFIX/bin/pg_dump" ]; then
  echo "pg_dump $MAJOR is already built: $PREFIX/bin"
  exit 0
fi
if [ -x "/usr/lib/postgresql/$MAJOR/bin/pg_dump" ]; then
  echo "pg_dump $MAJOR is installed: /usr/lib/postgresql/$MAJOR/bin"
  exit 0
fi

is_root() { [ "$(id -u)" = 0 ]; }

if is_root && command -v apt-get >/dev/null; then
  apt-get update -qq
  if apt-cache policy "postgresql-client-$MAJOR" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    apt-get install -y -qq --no-install-recommends "postgresql-client-$MAJOR"
    echo "Installed Debian's postgresql-client-$MAJOR: /usr/lib/postgresql/$MAJOR/bin"
    exit 0
  fi
  echo "No apt source offers postgresql-client-$MAJOR: building pg_dump $MAJOR from Debian's source package."
  apt-get install -y -qq --no-install-recommends gcc make libc6-dev flex bison pkg-config \
    zlib1g-dev liblz4-dev libzstd-dev libssl-dev bzip2 xz-utils
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# A private apt configuration whose only source is Debian unstable's source index, so the system's
# sources and package lists are left as they were.
mkdir -p "$WORK/apt/lists/partial" "$WORK/apt/cache/archives/partial" "$WORK/src"
echo "deb-src http://deb.debian.org/debian sid main" > "$WORK/apt/sources.list"
APT="-o Dir::Etc::SourceList=$WORK/apt/sources.list -o Dir::Etc::SourceParts=/dev/null"
APT="$APT -o Dir::State::Lists=$WORK/apt/lists -o Dir::Cache=$WORK/apt/cache -o APT::Sandbox::User=root"
# shellcheck disable=SC2086
apt-get $APT update -qq
# shellcheck disable=SC2086
(cd "$WORK/src" && apt-get $APT source --download-only -qq "postgresql-$MAJOR")
TARBALL="$(ls "$WORK"/src/postgresql-"$MAJOR"_*.orig.tar.*)"
tar -xf "$TARBALL" -C "$WORK/src"
cd "$WORK"/src/postgresql-"$MAJOR".*/
echo "Configuring $(basename "$PWD") …"
./configure --quiet --prefix="$PREFIX" --without-icu --without-readline --with-zlib --with-lz4 --with-zstd \
  --with-openssl > "$WORK/configure.log" || { tail -20 "$WORK/configure.log"; exit 1; }
echo "Building libpq, pg_dump and pg_restore …"
JOBS="$(nproc 2>/dev/null || echo 1)"
make -s -j"$JOBS" -C src/interfaces/libpq > "$WORK/make.log" 2>&1 || { tail -30 "$WORK/make.log"; exit 1; }
make -s -j"$JOBS" -C src/bin/pg_dump >> "$WORK/make.log" 2>&1 || { tail -30 "$WORK/make.log"; exit 1; }
make -s -C src/interfaces/libpq install >> "$WORK/make.log" 2>&1
make -s -C src/bin/pg_dump install >> "$WORK/make.log" 2>&1
"$PREFIX/bin/pg_dump" --version
echo "Built into $PREFIX/bin"
