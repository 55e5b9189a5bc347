# SPDX-License-Identifier: Apache-2.0
# Enforcement of domain changes: exec transitions (px, px to a missing
# profile, px -> NAME, cx to a child named by the path and cx -> NAME, ux,
# pix and cux with no profile to go to), hats entered and left with
# change_hat (a missing hat refused, a wrong token on return killing the
# task) and a profile entered with change_onexec, with aa-compile's policy
# loaded and then with apparmor_parser's: the kernel's answers the same
# both ways, and the ones the rules say (enforce.lib).
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: anchor:/usr/sbin/apparmor_parser
. /vm/lib.sh
. /vm/tests/aa-compile/enforce.lib
A=/sys/kernel/security/apparmor
for d in x px pxm t cx cxn ux pix cux no; do
	mkdir -p /tmp/dom/$d
	cp /bin/busybox /tmp/dom/$d/busybox
done
mkdir -p /tmp/dom/hat
cp /bin/vm-probe /tmp/dom/hat/probe
echo data > /tmp/dom/r
echo data > /tmp/dom/w
cat > dom.profile <<'EOP'
/tmp/dom/x/busybox {
  /tmp/dom/x/busybox mr,
  /dev/null rw,
  /proc/*/attr/{,apparmor/}current r,
  /tmp/dom/px/busybox px,
  /tmp/dom/pxm/busybox px,
  /tmp/dom/t/busybox px -> dom-target,
  /tmp/dom/cx/busybox cx,
  /tmp/dom/cxn/busybox cx -> kid,
  /tmp/dom/ux/busybox ux,
  /tmp/dom/pix/busybox pix,
  /tmp/dom/cux/busybox cux,

  profile /tmp/dom/cx/busybox {
    /tmp/dom/cx/busybox mr,
    /dev/null rw,
    /proc/*/attr/{,apparmor/}current r,
  }
  profile kid {
    /tmp/dom/cxn/busybox mr,
    /dev/null rw,
    /proc/*/attr/{,apparmor/}current r,
  }
}
/tmp/dom/px/busybox {
  /tmp/dom/px/busybox mr,
  /dev/null rw,
  /proc/*/attr/{,apparmor/}current r,
}
profile dom-target {
  /tmp/dom/t/busybox mr,
  /dev/null rw,
  /proc/*/attr/{,apparmor/}current r,
}
/tmp/dom/hat/probe {
  /tmp/dom/hat/probe mr,
  /proc/*/attr/current rw,
  /tmp/dom/w r,
  ^hat {
    /proc/*/attr/current rw,
    /tmp/dom/r r,
  }
}
profile dom-onexec {
  /bin/busybox mr,
  /dev/null rw,
  /proc/*/attr/{,apparmor/}current r,
  /tmp/dom/r r,
}
EOP
cat > cases <<'EOC'
/tmp/dom/x/busybox cat /proc/self/attr/current
/tmp/dom/x/busybox sh -c '/tmp/dom/px/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/pxm/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/t/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/cx/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/cxn/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/ux/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/pix/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/cux/busybox cat /proc/self/attr/current'
/tmp/dom/x/busybox sh -c '/tmp/dom/no/busybox cat /proc/self/attr/current'
/tmp/dom/hat/probe aa hat hat /tmp/dom/r
/tmp/dom/hat/probe aa hat hat /tmp/dom/w
/tmp/dom/hat/probe aa hat nohat /tmp/dom/r
/tmp/dom/hat/probe aa hat - /tmp/dom/r
vm-probe aa onexec dom-onexec /bin/busybox cat /proc/self/attr/current
vm-probe aa onexec dom-onexec /bin/busybox cat /tmp/dom/r
vm-probe aa onexec dom-onexec /bin/busybox cat /tmp/dom/w
vm-probe aa onexec dom-missing /bin/busybox true
EOC
reset() { :; }
both "exec transitions, hats, change_onexec" dom.profile "allow: /tmp/dom/x/busybox cat /proc/self/attr/current => /tmp/dom/x/busybox (enforce)
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/px/busybox cat /proc/self/attr/current' => /tmp/dom/px/busybox (enforce)
deny: /tmp/dom/x/busybox sh -c '/tmp/dom/pxm/busybox cat /proc/self/attr/current'
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/t/busybox cat /proc/self/attr/current' => dom-target (enforce)
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/cx/busybox cat /proc/self/attr/current' => /tmp/dom/x/busybox///tmp/dom/cx/busybox (enforce)
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/cxn/busybox cat /proc/self/attr/current' => /tmp/dom/x/busybox//kid (enforce)
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/ux/busybox cat /proc/self/attr/current' => unconfined
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/pix/busybox cat /proc/self/attr/current' => /tmp/dom/x/busybox (enforce)
allow: /tmp/dom/x/busybox sh -c '/tmp/dom/cux/busybox cat /proc/self/attr/current' => unconfined
deny: /tmp/dom/x/busybox sh -c '/tmp/dom/no/busybox cat /proc/self/attr/current'
allow: /tmp/dom/hat/probe aa hat hat /tmp/dom/r => /tmp/dom/hat/probe//hat (enforce) allow | /tmp/dom/hat/probe (enforce) deny
allow: /tmp/dom/hat/probe aa hat hat /tmp/dom/w => /tmp/dom/hat/probe//hat (enforce) deny | /tmp/dom/hat/probe (enforce) allow
deny: /tmp/dom/hat/probe aa hat nohat /tmp/dom/r
deny: /tmp/dom/hat/probe aa hat - /tmp/dom/r => /tmp/dom/hat/probe//hat (enforce) allow
allow: vm-probe aa onexec dom-onexec /bin/busybox cat /proc/self/attr/current => dom-onexec (enforce)
allow: vm-probe aa onexec dom-onexec /bin/busybox cat /tmp/dom/r => data
deny: vm-probe aa onexec dom-onexec /bin/busybox cat /tmp/dom/w
deny: vm-probe aa onexec dom-missing /bin/busybox true"
is "apparmor: none left at the end" "" cat $A/profiles
