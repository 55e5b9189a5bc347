// SPDX-License-Identifier: Apache-2.0
/* keyctl-args: what keyctl parses without changing a keyring, the first
 * byte picking which: a key spec (key_spec: numbers, @s @u ..., %type:desc
 * up to the lookup, which asks the kernel and may load a key type module,
 * so it is never made), a number (number), -x hex data (unhex), a key's
 * description as the kernel returns it, "type;uid;gid;perm;desc"
 * (parse_desc, then list's and describe's use of it), a -f filter
 * (parse_filter), the pkey commands' k=v options (pkey_start, when its key
 * spec needs no lookup) and one read of a notification pipe (notes). */
#include "../../applets/keyctl.c"
#include "fuzz.h"

/* The input from byte 1 as NUL-terminated text, and split at its NULs
 * into at most 8 arguments. */
static int split(char *text, size_t len, char **argv)
{
	int argc = 0;

	for (char *p = text; p <= text + len && argc < 8; p += strlen(p) + 1)
		argv[argc++] = p;
	return argc;
}

static void desc_use(char *raw)
{
	static const char letters[] = "alswrv";
	char line[8192], mask[25], perms[9];
	struct desc d;

	parse_desc(42, raw, &d);
	our_perms(perms, d.perm, d.uid, d.gid);
	for (int i = 0; i < 24; i++)
		mask[i] = d.perm & (1u << (31 - (i / 6) * 8 - (i % 6) - 2)) ? letters[i % 6] : '-';
	mask[24] = 0;
	snprintf(line, sizeof(line), "%9d: %s %s %5d %5d %*.*s: %s\n", 42, perms, mask, (int)d.uid,
		 (int)d.gid, d.tlen, d.tlen, raw, d.name);
}

static void fuzz_one(uint8_t what, char *text, size_t len)
{
	static struct subcmds set = { NULL, "", SUBCMD_OPERANDS, NULL, NULL, NULL, 1 };
	char *argv[8], *type, *desc, spec[64];
	key_serial_t id;
	void *data = text;
	struct pkey pk;
	int argc;

	TT.set = &set;
	switch (what % 7) {
	case 0:
		key_spec(text, &id, &type, &desc);
		break;
	case 1:
		number(text, what & 8 ? 10 : 0, "timeout");
		break;
	case 2:
		unhex(&data, &len);
		free(TT.unhexed);
		TT.unhexed = NULL;
		break;
	case 3:
		desc_use(text);
		break;
	case 4:
		memset(&TT.filter, 0, sizeof(TT.filter));
		TT.filtered = false;
		parse_filter(text);
		break;
	case 5:
		argc = split(text, len, argv);
		snprintf(spec, sizeof(spec), "%s", argv[0]);
		if (argc >= 2 && !key_spec(spec, &id, &type, &desc))
			pkey_start(&pk, argc, argv, 2);
		break;
	case 6:
		TT.debug = what & 8;
		notes(stdout, stdout, (unsigned char *)text, len);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (!size)
		return 0;
	/* Exactly the bytes, then the NUL an argument or stdin ends with. */
	text = xmalloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	FUZZ_TRY(fuzz_one(data[0], text, size - 1));
	free(text);
	return 0;
}
