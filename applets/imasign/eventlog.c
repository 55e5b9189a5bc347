// SPDX-License-Identifier: Apache-2.0
/* eventlog.c: the firmware's TPM event log (the kernel shows it as
 * /sys/kernel/security/tpm0/binary_bios_measurements), replayed into the
 * PCRs it extends, per bank: what the TPM's PCRs 0-9 must hold if the log
 * is the whole truth, and what the boot aggregate is made of.
 *
 * Two formats (TCG PC Client Platform Firmware Profile): the TPM 1.2 log,
 * events of u32 PCR, u32 type, a SHA-1 digest, u32 size and the event
 * data; and the TPM 2.0 "crypto agile" log, whose first event is one of
 * those of type EV_NO_ACTION with "Spec ID Event03" data naming the banks
 * (TPM_ALG ids and digest sizes), and whose other events are u32 PCR, u32
 * type, u32 count, count times (u16 algorithm, digest), u32 size and the
 * data.  Little-endian, as the firmware of x86 and ARM writes them.
 * EV_NO_ACTION events are not extended; a StartupLocality one sets PCR
 * 0's starting value to the locality.
 *
 * Nothing is trusted: every size is checked against what is left, a
 * bank's digest size against its hash's, the log has a bound. */
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "imasign.h"

#define EVLOG_MAX ((size_t)16 << 20)	/* real ones are tens of KiB */
#define EV_NO_ACTION 3
#define SPEC_ID "Spec ID Event03"
#define STARTUP_LOCALITY "StartupLocality"

/* The TPM_ALG ids of the hashes a bank may have. */
static const struct { uint16_t id; const char *name; } algs[] = {
	{ 0x0004, "sha1" }, { 0x000b, "sha256" }, { 0x000c, "sha384" }, { 0x000d, "sha512" },
	{ 0x0012, "sm3" },
};

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* A StartupLocality event's data: PCR 0 of every bank starts at it. */
static void startup_locality(struct evlog *log, const uint8_t *data, uint32_t size)
{
	if (size != sizeof(STARTUP_LOCALITY) + 1 || memcmp(data, STARTUP_LOCALITY, sizeof(STARTUP_LOCALITY)))
		return;
	for (int i = 0; i < log->nbanks; i++) {
		memset(log->bank[i].pcr[0], 0, IMA_MAX_DIGEST);
		if (log->bank[i].h)
			log->bank[i].pcr[0][log->bank[i].h->size - 1] = data[sizeof(STARTUP_LOCALITY)];
	}
}

/* The Spec ID event's data: the banks.  NULL, or why not. */
static const char *spec_id(struct evlog *log, const uint8_t *d, uint32_t size)
{
	uint32_t n;

	/* signature[16], platformClass u32, specVersionMinor, Major, errata,
	 * uintnSize (bytes 20-23), numberOfAlgorithms u32, n (u16 id, u16
	 * size), vendorInfoSize u8, vendorInfo */
	if (size < 28 || d[21] != 2)
		return "a Spec ID event that is not of version 2";
	n = le32(d + 24);
	if (n == 0 || n > EVLOG_MAX_BANKS || size < 28 + 4 * n + 1)
		return "a Spec ID event whose bank count is 0, more than 8, or past its end";
	if (size != 28 + 4 * n + 1 + d[28 + 4 * n])
		return "a Spec ID event whose vendor data is not its end";
	for (uint32_t i = 0; i < n; i++) {
		struct evlog_bank *b = &log->bank[log->nbanks++];
		uint16_t id = le16(d + 28 + 4 * i), sz = le16(d + 30 + 4 * i);

		memset(b, 0, sizeof(*b));
		b->alg = id;
		b->size = sz;
		for (size_t k = 0; k < ARRAY_SIZE(algs); k++)
			if (algs[k].id == id)
				b->h = ima_hash_by_name(algs[k].name);
		if (sz == 0 || sz > 512 || (b->h && b->h->size != sz))
			return "a Spec ID bank whose digest size is not its hash's";
		for (int k = 0; k < log->nbanks - 1; k++)
			if (log->bank[k].alg == id)
				return "a Spec ID event naming a bank twice";
	}
	return NULL;
}

int evlog_read(const char *path, struct evlog *log)
{
	size_t len;
	uint8_t *t = (uint8_t *)bounded_read(path, EVLOG_MAX, ": not an event log", 0, &len);
	const uint8_t *p = t, *end = t + len;
	const char *why = NULL;

	memset(log, 0, sizeof(*log));
	if (!t)
		return -1;
	/* the first event is in the TPM 1.2 format either way */
	for (;;) {
		uint32_t pcr, type, size;

		if (p == end)
			break;
		log->events++;
		if ((size_t)(end - p) < 8) {
			why = "an event cut short in its header";
			break;
		}
		pcr = le32(p);
		type = le32(p + 4);
		if (pcr >= 24 && !(type == EV_NO_ACTION && pcr == 0xffffffffu)) {
			why = "a PCR number past 23";
			break;
		}
		p += 8;
		if (!log->agile) {
			if ((size_t)(end - p) < 24 || le32(p + 20) > (size_t)(end - p - 24)) {
				why = "an event (TPM 1.2 format) longer than what is left";
				break;
			}
			size = le32(p + 20);
			if (log->events == 1 && type == EV_NO_ACTION && size >= sizeof(SPEC_ID) &&
			    !memcmp(p + 24, SPEC_ID, sizeof(SPEC_ID))) {
				log->agile = 1;
				if ((why = spec_id(log, p + 24, size)))
					break;
			} else {
				if (log->events == 1) {		/* a TPM 1.2 log: one SHA-1 bank */
					log->nbanks = 1;
					log->bank[0].alg = 0x0004;
					log->bank[0].size = 20;
					log->bank[0].h = ima_hash_by_name("sha1");
				}
				if (type == EV_NO_ACTION) {
					startup_locality(log, p + 24, size);
				} else {
					ima_pcr_extend(log->bank[0].h, log->bank[0].pcr[pcr], p);
					log->bank[0].used |= 1u << pcr;
				}
			}
			p += 24 + size;
			continue;
		}
		/* TCG_PCR_EVENT2 */
		{
			uint32_t count;
			const uint8_t *dg[EVLOG_MAX_BANKS] = { 0 };

			if ((size_t)(end - p) < 4 || (count = le32(p)) == 0 || count > (uint32_t)log->nbanks) {
				why = "an event whose digest count is 0 or more than the banks";
				break;
			}
			p += 4;
			for (uint32_t i = 0; i < count && !why; i++) {
				int k;

				if ((size_t)(end - p) < 2) {
					why = "an event cut short in its digests";
					break;
				}
				for (k = 0; k < log->nbanks && log->bank[k].alg != le16(p); k++)
					;
				if (k == log->nbanks)
					why = "an event with a digest of a bank the Spec ID event does not name";
				else if (dg[k])
					why = "an event with two digests of a bank";
				else if ((size_t)(end - p - 2) < log->bank[k].size)
					why = "an event cut short in its digests";
				else
					dg[k] = p + 2, p += 2 + log->bank[k].size;
			}
			if (why)
				break;
			if ((size_t)(end - p) < 4 || (size = le32(p)) > (size_t)(end - p - 4)) {
				why = "an event longer than what is left";
				break;
			}
			if (type == EV_NO_ACTION) {
				startup_locality(log, p + 4, size);
			} else {
				for (int k = 0; k < log->nbanks; k++) {
					struct evlog_bank *b = &log->bank[k];

					if (!dg[k]) {
						why = "an event without a digest of every bank";
						break;
					}
					if (b->h)
						ima_pcr_extend(b->h, b->pcr[pcr], dg[k]);
					b->used |= 1u << pcr;
				}
				if (why)
					break;
			}
			p += 4 + size;
		}
	}
	free(t);
	if (!why && !log->events)
		why = "an empty event log";
	if (why) {
		warn("%s: event %lu: %s", str_esc(path, SIZE_MAX), log->events, why);
		return -1;
	}
	/* the boot's PCRs, 0-9, are the log's whole: one it does not extend
	 * holds its starting value; later ones the OS extends */
	for (int k = 0; k < log->nbanks; k++)
		log->bank[k].used |= 0x3ffu;
	return 0;
}
