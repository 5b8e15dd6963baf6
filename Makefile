# Build and install lifed (with its fetch helper lifefetch), lifectl and lifewatch with their
# man pages and systemd units.
#
#   make                                   swift build -c release
#   sudo make install                      into /usr/local (PREFIX), as root
#   make install PREFIX=$HOME/.local       for one user, without root
#   make install PREFIX=/usr DESTDIR=pkg   staged, for a package
#   make uninstall PREFIX=...              removes what install put there
#   make check                             systemd/check.sh and the man pages' lint
#
# install builds only when the binaries are missing (so that `sudo make install` does not
# need swift on root's PATH, nor leave root-owned files in .build): run `make` first.
# The units' ExecStart is rewritten to $(BINDIR)/lifed. lifed runs lifefetch (for
# configurations.fetch from URLs) from ../libexec/life/ beside its own folder, so the helper
# goes to $(HELPERDIR), which follows BINDIR.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/lifed
SYSTEMUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
# Not settable on its own: lifed finds its helper relative to itself.
HELPERDIR = $(abspath $(BINDIR)/../libexec/life)
# The user manager does not look in ~/.local/lib/systemd/user, only in ~/.local/share/systemd/user.
ifeq ($(PREFIX),$(HOME)/.local)
USERUNITDIR ?= $(PREFIX)/share/systemd/user
else
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
endif

SWIFT ?= swift
BUILT ?= .build/release
PROGRAMS = lifed lifectl lifewatch
INSTALL ?= install

.PHONY: all build install uninstall check check-units check-man check-installed

all: build

build:
	$(SWIFT) build -c release --product lifed
	$(SWIFT) build -c release --product lifectl
	$(SWIFT) build -c release --product lifewatch
	$(SWIFT) build -c release --product lifefetch

$(BUILT)/lifed $(BUILT)/lifectl $(BUILT)/lifewatch $(BUILT)/lifefetch:
	$(MAKE) build

install: $(BUILT)/lifed $(BUILT)/lifectl $(BUILT)/lifewatch $(BUILT)/lifefetch
	@case "$(BINDIR)" in /*) ;; *) echo "make install: PREFIX and BINDIR must be absolute paths, not $(BINDIR)" >&2; exit 2;; esac
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(HELPERDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(SYSTEMUNITDIR) $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(DOCDIR)
	for program in $(PROGRAMS); do $(INSTALL) -m 0755 $(BUILT)/$$program $(DESTDIR)$(BINDIR)/$$program; done
	$(INSTALL) -m 0755 $(BUILT)/lifefetch $(DESTDIR)$(HELPERDIR)/lifefetch
	$(INSTALL) -m 0644 man/lifectl.1 man/lifewatch.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 0644 man/lifed.8 $(DESTDIR)$(MANDIR)/man8/
	for unit in lifed.socket lifed.service; do \
		sed 's|/usr/local/bin/|$(BINDIR)/|g' systemd/system/$$unit > $(DESTDIR)$(SYSTEMUNITDIR)/$$unit && \
		chmod 0644 $(DESTDIR)$(SYSTEMUNITDIR)/$$unit && \
		sed 's|/usr/local/bin/|$(BINDIR)/|g' systemd/user/$$unit > $(DESTDIR)$(USERUNITDIR)/$$unit && \
		chmod 0644 $(DESTDIR)$(USERUNITDIR)/$$unit || exit 1; \
	done
	$(INSTALL) -m 0644 systemd/system/lifed.sysusers.conf $(DESTDIR)$(SYSUSERSDIR)/lifed.conf
	$(INSTALL) -m 0644 systemd/system/lifed.service.d/network.conf.example $(DESTDIR)$(DOCDIR)/network.conf.example
	@echo
	@echo "Installed into $(DESTDIR)$(PREFIX). Next:"
	@echo "  one user:     systemctl --user daemon-reload && systemctl --user enable --now lifed.socket"
	@echo "  whole system: sudo systemd-sysusers && sudo systemctl daemon-reload && sudo systemctl enable --now lifed.socket"

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(PROGRAMS)) $(DESTDIR)$(HELPERDIR)/lifefetch
	-rmdir $(DESTDIR)$(HELPERDIR) 2>/dev/null
	rm -f $(DESTDIR)$(MANDIR)/man1/lifectl.1 $(DESTDIR)$(MANDIR)/man1/lifewatch.1 $(DESTDIR)$(MANDIR)/man8/lifed.8
	rm -f $(DESTDIR)$(SYSTEMUNITDIR)/lifed.socket $(DESTDIR)$(SYSTEMUNITDIR)/lifed.service
	rm -f $(DESTDIR)$(USERUNITDIR)/lifed.socket $(DESTDIR)$(USERUNITDIR)/lifed.service
	rm -f $(DESTDIR)$(SYSUSERSDIR)/lifed.conf $(DESTDIR)$(DOCDIR)/network.conf.example
	-rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null
	@echo "Removed. Units still enabled stay as dangling links: systemctl [--user] disable lifed.socket first."

check: check-units check-man

check-units:
	systemd/check.sh

check-man:
	for page in man/lifectl.1 man/lifewatch.1 man/lifed.8; do \
		out=$$(groff -man -ww -z $$page 2>&1); [ -z "$$out" ] || { echo "$$page:"; echo "$$out"; exit 1; }; \
	done
	@echo "man pages: no groff warnings"

# After `make install PREFIX=...`: the installed units, as installed.
check-installed:
	systemd/check.sh --installed $(DESTDIR)$(PREFIX)
