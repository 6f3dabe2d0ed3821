#!/bin/sh
# sbchain.sh: the Secure Boot chain for make iso — the builder's key, the signed kernel (PE), our signed GRUB, the ESP's files.
# Usage: tools/sbchain.sh ISO_TREE OUT KEYS
#   ISO_TREE  build/iso: its boot/grub/*.cfg (already stripped, imageid filled in) go into GRUB's
#             memdisk; the signed kernel is written to ISO_TREE/boot/kernel.pe
#   OUT       build/sb: work files, and OUT/esp, the files tools/espwrap.py lays into efi.img
#   KEYS      the folder with shardfall.key and shardfall.crt, outside the repository; made on the
#             first build (docs/secureboot.md). The private key is only ever read from there.
# Needs openssl, sbsigntool, shim-signed, grub-efi-amd64-bin (tools/deps.sh build).
set -eu
tree=$1 out=$2 keys=$3
here=$(dirname "$0")
key=$keys/shardfall.key
crt=$keys/shardfall.crt

# The builder's key pair: RSA 2048, self-signed, code signing only, 10 years. Made once, kept.
case $(realpath -m "$keys")/ in
$(realpath "$here/..")/*) echo "sbchain: $keys is inside the repository (or build/): a private key never goes there" >&2; exit 1 ;;
esac
if [ ! -f "$key" ] || [ ! -f "$crt" ]; then
	(umask 077 && mkdir -p "$keys" && openssl req -new -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 \
		-subj "/CN=SHARDFALL local build key/" -addext "extendedKeyUsage=codeSigning" \
		-addext "basicConstraints=critical,CA:FALSE" -addext "keyUsage=critical,digitalSignature" \
		-keyout "$key" -out "$crt" >/dev/null 2>&1) || { echo "sbchain: openssl could not make a key in $keys" >&2; exit 1; }
	echo "sbchain: made a new signing key in $keys (keep it, never commit it; docs/secureboot.md)"
fi

rm -rf "$out" && mkdir -p "$out/esp/EFI/BOOT" "$out/memdisk/boot/grub"
openssl x509 -in "$crt" -outform DER -out "$out/esp/SHARDFALL.CER"
cp "$out/esp/SHARDFALL.CER" "$tree/SHARDFALL.CER"     # also in the ISO's root: a FAT32 file copy has it

# The kernel: flat in a PE32+ file with an .sbat section, signed (tools/mkpe.py).
python3 "$here/mkpe.py" "$tree/boot/kernel.elf" "$here/../boot/sbat-kernel.csv" -o "$out/kernel-unsigned.pe"
sbsign --key "$key" --cert "$crt" --output "$tree/boot/kernel.pe" "$out/kernel-unsigned.pe" >/dev/null 2>&1 ||
	{ echo "sbchain: sbsign could not sign the kernel" >&2; exit 1; }

# GRUB's configs inside the signed image (a memdisk): grub-sb.cfg (the Secure Boot word for the
# kernel line), then the image's grub.cfg, which boots the signed kernel, sources its sibling
# configs from the memdisk, and loads no module from disk (they are all built in).
cat "$here/../boot/grub-sb.cfg" "$tree/boot/grub/grub.cfg" | sed -e '/^[[:space:]]*#/d' -e '/^$/d' \
	-e '/^insmod \/boot\/grub\/fast\//d' >"$out/memdisk/boot/grub/grub.cfg"
cp "$tree/boot/grub/grub-disk.cfg" "$tree/boot/grub/grub-opts.cfg" "$out/memdisk/boot/grub/"
sed -i -e 's|source /boot/grub/|source (memdisk)/boot/grub/|' \
	-e 's|^multiboot\$mb \(\$mbq \)\{0,1\}/boot/kernel\$elf \(imageid=[0-9a-f]*\)|if [ -z "$mb" ]; then set sf_kernel=/boot/kernel.elf; fi\nmultiboot$mb $sf_kernel \2 secureboot=$sb|' \
	"$out/memdisk/boot/grub/"*.cfg
grep -q 'secureboot=\$sb' "$out/memdisk/boot/grub/grub.cfg" && grep -q 'secureboot=\$sb' "$out/memdisk/boot/grub/grub-opts.cfg" ||
	{ echo "sbchain: the kernel lines of boot/grub*.cfg no longer look as this script expects" >&2; exit 1; }
tar -C "$out/memdisk" -cf "$out/memdisk.tar" boot

# The embedded config runs in GRUB's rescue parser (no if): find the disk with the kernel on any
# file system GRUB knows (ISO9660 of a CD or dd'd stick, FAT32 of a file copy), then normal mode
# reads $prefix/grub.cfg from the memdisk.
printf 'search --no-floppy --file --set=root /boot/kernel.pe\nset prefix=(memdisk)/boot/grub\n' >"$out/embed.cfg"

# SBAT: the generations of the GRUB source these modules come from (Debian's sbat.debian.csv for
# this version), and ours.
deb=$(dpkg-query -W -f '${Version}' grub-efi-amd64-bin)
sed -e "s/@UPSTREAM@/${deb%%-*}/" -e "s/@DEBIAN@/$deb/" "$here/../boot/sbat-grub.csv" >"$out/sbat-grub.csv"

# Every module the configs use, built in: under Secure Boot GRUB loads none from disk.
grub-mkimage -O x86_64-efi -o "$out/grubx64-unsigned.efi" -p /boot/grub -c "$out/embed.cfg" \
	-m "$out/memdisk.tar" --sbat "$out/sbat-grub.csv" \
	memdisk tar normal configfile search search_fs_file test echo sleep reboot halt \
	part_gpt part_msdos iso9660 fat multiboot2 multiboot all_video
sbsign --key "$key" --cert "$crt" --output "$out/esp/EFI/BOOT/grubx64.efi" "$out/grubx64-unsigned.efi" >/dev/null 2>&1 ||
	{ echo "sbchain: sbsign could not sign GRUB" >&2; exit 1; }

# Debian's Microsoft-signed shim and MokManager.
cp /usr/lib/shim/shimx64.efi.signed "$out/esp/EFI/BOOT/BOOTX64.EFI"
cp /usr/lib/shim/mmx64.efi.signed "$out/esp/EFI/BOOT/mmx64.efi"
