#!/usr/bin/env bash
# Installs, upgrades or removes wb for one user (docs/INSTALL.md). Run it from an unpacked distribution:
#
#   tar xzf wb-<version>.tar.gz && wb-<version>/bin/install.sh
#
# It copies that folder to $PREFIX/wb-<version> (a temporary name, then one rename: never half a copy in
# place), points $BIN/wb at its bin/wb (a new link renamed over the old one), removes the install the link
# pointed at before (after stopping its warm server) unless --keep-old, and runs `wb --version` through the
# link. It then writes the man pages and the bash, zsh and fish completion scripts (made by the installed
# wb, so they match it; replaced on every install). Running the next version's install.sh is the upgrade;
# `install.sh --uninstall` removes every wb under $PREFIX, the link, the completion scripts and the man pages.
# Run from a checkout, it installs the archive the build wrote (cli/target/wb-*.tar.gz), building it first
# only when it is missing or older than the sources (bin/wb-build).
#
# Nothing here reaches the network: it works on what is already on disk.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: install.sh [--prefix DIR] [--bin DIR] [--keep-old] [--force] [--no-extras]
       install.sh --uninstall [--prefix DIR] [--bin DIR]

  --prefix DIR   where the wb-<version> folders go (default: ${XDG_DATA_HOME:-~/.local/share})
  --bin DIR      where the `wb` link goes (default: ~/.local/bin); put it on PATH
  --keep-old     keep the install the link pointed at before (default: remove it once replaced)
  --force        replace a `wb` in --bin that is not a link into --prefix
  --no-extras    install no man pages and no completion scripts
  --uninstall    remove the link, every wb-* folder under --prefix, the completion scripts and man pages

Man pages go to ${XDG_DATA_HOME:-~/.local/share}/man/man1; completion scripts to
${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/wb (bash), .../zsh/site-functions/_wb (zsh)
and ${XDG_CONFIG_HOME:-~/.config}/fish/completions/wb.fish (fish).
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
extras=true
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder" "install.sh --prefix ~/opt"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --bin) [ $# -ge 2 ] || fail "--bin needs a folder" "install.sh --bin ~/bin"; bindir=$2; shift 2 ;;
    --bin=*) bindir=${1#--bin=}; shift ;;
    --keep-old) keep_old=true; shift ;;
    --force) force=true; shift ;;
    --uninstall) uninstall=true; shift ;;
    --no-extras) extras=false; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; fail "unknown option: $1" "run install.sh --help for the options" ;;
  esac
done
case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
case $bindir in /*) ;; *) bindir=$PWD/$bindir ;; esac
link=$bindir/wb

# Where the man pages and completion scripts go (the places man-db, bash-completion and fish look).
data=${XDG_DATA_HOME:-$HOME/.local/share}
man1=$data/man/man1
bash_completion=$data/bash-completion/completions/wb
zsh_completion=$data/zsh/site-functions/_wb
fish_completion=${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions/wb.fish

# Removes wb's man pages and completion scripts (the uninstall, and each install before writing new ones).
remove_extras() {
  local file
  for file in "$bash_completion" "$zsh_completion" "$fish_completion" "$man1/wb.1" "$man1"/wb-*.1; do
    if [ -f "$file" ] || [ -L "$file" ]; then rm -f "$file"; fi
  done
}

# Writes a file whole: a temporary name beside it, then one rename.
write_file() {
  local dest=$1 tmp
  mkdir -p "$(dirname "$dest")"
  tmp=$(mktemp "$dest.XXXXXX")
  cat >"$tmp"
  chmod 0644 "$tmp"
  mv -f "$tmp" "$dest"
}

# The man pages and the completion scripts of the wb just installed, made by it (never by an older one).
install_extras() {
  local wb=$1 pages
  pages=$(mktemp -d "$prefix/.man.XXXXXX")
  WB_SERVER=off "$wb" generate-man "$pages" >/dev/null
  remove_extras
  mkdir -p "$man1"
  mv -f "$pages"/*.1 "$man1/"
  rm -rf "$pages"
  WB_SERVER=off "$wb" generate-completion --shell bash | write_file "$bash_completion"
  {
    printf '#compdef wb\n'
    printf '# wb'"'"'s zsh completion (written by install.sh): the bash script, through zsh'"'"'s bashcompinit.\n'
    printf '(( $+functions[_bash_complete] )) || { autoload -U +X bashcompinit && bashcompinit }\n'
    printf 'source %q\n' "$bash_completion"
    printf '_bash_complete -F _complete_wb -o default\n'
  } | write_file "$zsh_completion"
  WB_SERVER=off "$wb" generate-completion --shell fish | write_file "$fish_completion"
  echo "  man pages: $man1 (man wb, man wb-status, ...)"
  echo "  completion: $bash_completion, $zsh_completion, $fish_completion"
}

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
  remove_extras
  # The folders they were in, when wb's files were all they held (rmdir leaves any other alone).
  for dir in "$man1" "$data/man" "${bash_completion%/*}" "$data/bash-completion" "${zsh_completion%/*}" \
             "$data/zsh" "${fish_completion%/*}" "${fish_completion%/*/*}"; do
    rmdir "$dir" 2>/dev/null || true
  done
  echo "removed the man pages and completion scripts"
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
  # A checkout: its build's archive, built first only when missing or out of date (bin/wb-build).
  if [ ! -x "$home/bin/wb-build" ]; then
    fail "no wb distribution beside this script ($home/lib/wb.jar is missing)" \
      "run the install.sh of an unpacked wb-<version>.tar.gz (docs/INSTALL.md)" 3
  fi
  "$home/bin/wb-build" --if-stale >&2
  archives=("$home"/cli/target/wb-*.tar.gz)
  [ ${#archives[@]} -eq 1 ] || fail "more than one archive in $home/cli/target: ${archives[*]}" \
    "remove the old ones (rm ${archives[*]}), then run install.sh again"
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
# shellcheck source=SCRIPTDIR/wb-java
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
if $extras; then
  install_extras "$link"
fi
case ":$PATH:" in
  *":$bindir:"*) ;;
  *) echo "note: $bindir is not on PATH; add it: export PATH=\"$bindir:\$PATH\" (in ~/.bashrc or ~/.zshrc)" ;;
esac
