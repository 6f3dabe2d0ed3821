#!/bin/sh
# deps.sh: make sure the Debian packages a target needs are installed.
# Usage: tools/deps.sh build|run|run-uefi|test. As root it installs what is missing with
# apt-get; otherwise it prints the exact command to run and fails.
set -eu

# build: make iso puts GRUB for BIOS (grub-pc-bin) and for 64- and 32-bit UEFI (grub-efi-*-bin)
# into one image; tools/isocheck.py reads it back with xorriso and mtools, and checks the save
# area with fsck.fat (dosfstools).
# Secure Boot (docs/secureboot.md): Debian's Microsoft-signed shim and MokManager (shim-signed), sbsign
# (sbsigntool) and openssl for the builder's key and signatures.
# test: UEFI firmware for QEMU — OVMF x64 (ovmf) and ia32 (ovmf-ia32); python3-pyte reads the
# firmware's text screens (MokManager) from the serial console; sgdisk (gdisk) checks the image's
# partition tables (tools/test_fixtables.py).
build="make gcc gcc-i686-linux-gnu binutils-i686-linux-gnu grub-pc-bin grub-efi-amd64-bin grub-efi-ia32-bin grub-common xorriso mtools dosfstools python3 python3-pil shim-signed sbsigntool openssl"
run="$build qemu-system-x86 qemu-system-gui"
runuefi="$run ovmf"
test="$build qemu-system-x86 libcmocka-dev ovmf ovmf-ia32 python3-pyte gdisk"

case "${1:-build}" in
build) want=$build ;;
run) want=$run ;;
run-uefi) want=$runuefi ;;
test) want=$test ;;
*) echo "deps.sh: unknown set '$1' (build, run, run-uefi or test)" >&2; exit 2 ;;
esac

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" = 0 ]; then
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q || true
	$cmd
else
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run this, then try again:" >&2
	echo "  sudo apt-get update && sudo $cmd" >&2
	exit 1
fi
