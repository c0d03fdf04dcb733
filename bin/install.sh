#!/usr/bin/env bash
# Installs, upgrades or removes wb for one user (docs/INSTALL.md). Run it from an unpacked distribution:
#
#   tar xzf wb-<version>.tar.gz && wb-<version>/bin/install.sh
#
# It copies that folder to $PREFIX/wb-<version> (a temporary name, then one rename: never half a copy in
# place), points $BIN/wb at its bin/wb (a new link renamed over the old one), removes the install the link
# pointed at before (after stopping its warm server) unless --keep-old, and runs `wb --version` through the
# link. Running the next version's install.sh is the upgrade; `install.sh --uninstall` removes every wb
# under $PREFIX, the link, and the completion script and man pages docs/CLI.md puts in the usual places.
# Run from a checkout, it installs the archive the build wrote (cli/target/wb-*.tar.gz).
#
# Nothing here reaches the network: it works on what is already on disk.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: install.sh [--prefix DIR] [--bin DIR] [--keep-old] [--force]
       install.sh --uninstall [--prefix DIR] [--bin DIR]

  --prefix DIR   where the wb-<version> folders go (default: ${XDG_DATA_HOME:-~/.local/share})
  --bin DIR      where the `wb` link goes (default: ~/.local/bin); put it on PATH
  --keep-old     keep the install the link pointed at before (default: remove it once replaced)
  --force        replace a `wb` in --bin that is not a link into --prefix
  --uninstall    remove the link, every wb-* folder under --prefix, the completion script and man pages
EOF
}

fail() {
  echo "error: $1" >&2
  echo "fix: $2" >&2
  exit "${3:-2}"
}

prefix=${XDG_DATA_HOME:-$HOME/.local/share}
bindir=$HOME/.local/bin
keep_old=false
force=false
uninstall=false
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder" "install.sh --prefix ~/opt"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --bin) [ $# -ge 2 ] || fail "--bin needs a folder" "install.sh --bin ~/bin"; bindir=$2; shift 2 ;;
    --bin=*) bindir=${1#--bin=}; shift ;;
    --keep-old) keep_old=true; shift ;;
    --force) force=true; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; fail "unknown option: $1" "run install.sh --help for the options" ;;
  esac
done
case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
case $bindir in /*) ;; *) bindir=$PWD/$bindir ;; esac
link=$bindir/wb

# The install a path is inside: the wb-* folder directly under $prefix, or nothing.
install_of() {
  local target=$1 rest
  case $target in
    "$prefix"/wb-*/*) rest=${target#"$prefix"/}; printf '%s\n' "$prefix/${rest%%/*}" ;;
    *) return 1 ;;
  esac
}

# Stops the warm server of one install, when there is one; never fails the install.
stop_server() {
  if [ -x "$1/bin/wb" ]; then
    WB_SERVER=off "$1/bin/wb" server stop >/dev/null 2>&1 || true
  fi
}

# The folder the link points at, when it is a link into $prefix.
current=""
if [ -L "$link" ]; then
  current=$(install_of "$(readlink "$link")") || current=""
fi

if $uninstall; then
  if [ -e "$link" ] || [ -L "$link" ]; then
    if [ -L "$link" ] && [ -n "$current" ]; then
      rm -f "$link"
      echo "removed $link"
    else
      echo "left $link alone: it is not a link into $prefix" >&2
    fi
  fi
  removed=0
  for dir in "$prefix"/wb-*/; do
    [ -d "$dir" ] || continue
    dir=${dir%/}
    [ -f "$dir/lib/wb.jar" ] || continue
    stop_server "$dir"
    rm -rf "$dir"
    echo "removed $dir"
    removed=$((removed + 1))
  done
  data=${XDG_DATA_HOME:-$HOME/.local/share}
  for file in "$data/bash-completion/completions/wb" "$data/man/man1/wb.1" "$data"/man/man1/wb-*.1; do
    if [ -f "$file" ]; then rm -f "$file"; fi
  done
  echo "wb is uninstalled ($removed install(s) removed); each repository's .workflow/ is yours and stays"
  exit 0
fi

# The distribution to install: the folder this script is in, or a checkout's built archive.
self=${BASH_SOURCE[0]}
if [ -L "$self" ]; then self=$(readlink -f "$self"); fi
home=$(cd -P "$(dirname "$self")/.." && pwd -P)
scratch=""
cleanup() { if [ -n "$scratch" ]; then rm -rf "$scratch"; fi; }
trap cleanup EXIT
if [ ! -f "$home/lib/wb.jar" ]; then
  archives=("$home"/cli/target/wb-*.tar.gz)
  if [ ! -f "${archives[0]}" ]; then
    fail "no wb distribution beside this script, and no built archive in $home/cli/target" \
      "build it first: (cd $home && mvn -q -DskipTests package), or run the install.sh of an unpacked wb-<version>.tar.gz" 3
  fi
  [ ${#archives[@]} -eq 1 ] || fail "more than one archive in $home/cli/target: ${archives[*]}" \
    "remove the old ones (mvn -q clean -DskipTests package), then run install.sh again"
  scratch=$(mktemp -d)
  tar xzf "${archives[0]}" -C "$scratch"
  home=$(cd -P "$scratch"/wb-* && pwd -P)
fi
name=${home##*/}
case $name in
  wb-*) ;;
  *) fail "the distribution's folder is $home, not wb-<version>" "unpack the archive as it is (tar xzf wb-<version>.tar.gz) and run its bin/install.sh" 3 ;;
esac

# A JDK 17 or later: wb needs one to run at all; say so now, not at the first command.
# shellcheck source=wb-java
. "$home/bin/wb-java"
if ! wb_select_java; then
  fail "$wb_java_error" "$wb_java_fix" 3
fi

if [ -e "$link" ] && [ ! -L "$link" ] && ! $force; then
  fail "$link exists and is not a link" "move it away, or pass --bin DIR for another folder, or --force to replace it"
fi
if [ -L "$link" ] && [ -z "$current" ] && ! $force; then
  fail "$link links to $(readlink "$link"), not to a wb under $prefix" "pass --force to replace it, or --bin DIR for another folder"
fi

mkdir -p "$prefix" "$bindir"
dest=$prefix/$name
if [ "$home" != "$(cd -P "$dest" 2>/dev/null && pwd -P)" ]; then
  # Copy beside the destination, then rename into place: a reader sees the old folder or the new one.
  staging=$(mktemp -d "$prefix/.$name.XXXXXX")
  cp -R "$home/." "$staging/"
  rm -f "$staging/lib/wb.jsa" "$staging/lib/wb.jsa.stamp" "$staging/lib/wb.jsa.failed"
  if [ -d "$dest" ]; then
    stop_server "$dest"
    old=$(mktemp -d "$prefix/.$name.old.XXXXXX")
    mv "$dest" "$old/"
    mv "$staging" "$dest"
    rm -rf "$old"
  else
    mv "$staging" "$dest"
  fi
fi

# The link: made under a temporary name and renamed over the old one.
tmp_link=$bindir/.wb.$$
ln -sfn "$dest/bin/wb" "$tmp_link"
if [ -L "$link" ] && [ -d "$link" ]; then rm -f "$link"; fi
mv -f "$tmp_link" "$link"

if [ -n "$current" ] && [ "$current" != "$dest" ] && [ -d "$current" ]; then
  if $keep_old; then
    echo "kept the previous install: $current"
  else
    stop_server "$current"
    rm -rf "$current"
    echo "removed the previous install: $current"
  fi
fi

version=$("$link" --version)
echo "installed $version"
echo "  $dest"
echo "  $link -> $dest/bin/wb"
case ":$PATH:" in
  *":$bindir:"*) ;;
  *) echo "note: $bindir is not on PATH; add it: export PATH=\"$bindir:\$PATH\" (in ~/.bashrc or ~/.zshrc)" ;;
esac
