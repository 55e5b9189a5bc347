# SPDX-License-Identifier: Apache-2.0
# chroot.sh: sourced by the semodule-lite tests that run a Debian anchor
# (semodule, setsebool) chrooted into an image, because libsemanage reads
# the running system's files (semanage.conf, the store, passwd) whatever
# its options say.  The chroot runs in a mount namespace with the host's
# /usr, /dev and any top directory that is not a link into /usr bound in.
#
# chroot_ready LABEL: NS set (the unshare that makes the namespace), or a
# failed test naming what to install and 1.
chroot_ready() {
	need unshare util-linux "$1: unshare" || return 1
	need chroot coreutils "$1: chroot" || return 1
	if [ "$(id -u)" = 0 ]; then
		NS="unshare -m"
	elif unshare -rm true 2>/dev/null; then
		NS="unshare -rm"
	else
		fail_test "$1: chroot" "needs root, or user namespaces (unshare -rm), to run the anchor chrooted into an image"
		return 1
	fi
	HOSTDIRS=
	for _d in bin sbin lib lib32 lib64 libx32; do
		[ ! -L /$_d ] && [ -d /$_d ] && HOSTDIRS="$HOSTDIRS $_d"
	done
	return 0
}
# chroot_tree ROOT: the directories the chroot needs, and the host's links
# into /usr (a merged /usr) as links.
chroot_tree() {
	mkdir -p "$1/etc/selinux" "$1/var/lib/selinux" "$1/usr" "$1/dev"
	for _d in bin sbin lib lib32 lib64 libx32; do
		if [ -L /$_d ]; then
			ln -s "$(readlink /$_d)" "$1/$_d"
		elif [ -d /$_d ]; then
			mkdir "$1/$_d"
		fi
	done
}
# in_chroot ROOT COMMAND [ARG...]: COMMAND run chrooted into ROOT.
in_chroot() {
	_r=$1
	shift
	$NS sh -c 'r=$1 dirs=$2
		shift 2
		mount --bind /usr "$r/usr" && mount --bind /dev "$r/dev" || exit 99
		for d in $dirs; do mount --bind "/$d" "$r/$d" || exit 99; done
		exec chroot "$r" "$@"' sh "$_r" "$HOSTDIRS" "$@"
}
