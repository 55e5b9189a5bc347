// SPDX-License-Identifier: Apache-2.0
/* cpu.c: which instruction-set extensions this CPU and kernel offer, read
 * once (cpuid and xgetbv on x86, the auxiliary vector on ARM). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "crypto.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static uint32_t probe(void)
{
	unsigned a, b, c, d, max;
	uint32_t f = 0;
	uint64_t xcr0 = 0;

	max = __get_cpuid_max(0, NULL);
	if (max < 1)
		return 0;
	__cpuid(1, a, b, c, d);
	if (c & bit_SSSE3)
		f |= CPU_SSSE3;
	if (c & bit_SSE4_1)
		f |= CPU_SSE41;
	if (c & bit_SSE4_2)
		f |= CPU_SSE42;
	if (c & bit_AES)
		f |= CPU_AESNI;
	if (c & bit_PCLMUL)
		f |= CPU_PCLMUL;
	/* AVX state must be enabled by the OS (OSXSAVE, XCR0 bits 1-2). */
	if ((c & bit_OSXSAVE) && (c & bit_AVX)) {
		xcr0 = xgetbv0();
		if ((xcr0 & 6) == 6)
			f |= CPU_AVX;
	}
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if ((f & CPU_AVX) && (b & bit_AVX2))
			f |= CPU_AVX2;
		if (b & bit_BMI2)
			f |= CPU_BMI2;
		if (b & bit_SHA)
			f |= CPU_SHANI;
		/* AVX-512: F, DQ, BW, VL, and opmask + ZMM state (XCR0 5-7). */
		if ((f & CPU_AVX) && (xcr0 & 0xe6) == 0xe6 &&
		    (b & bit_AVX512F) && (b & bit_AVX512DQ) &&
		    (b & bit_AVX512BW) && (b & bit_AVX512VL))
			f |= CPU_AVX512;
		if ((f & CPU_AVX512) && (b & bit_AVX512IFMA))
			f |= CPU_IFMA;
		if ((f & CPU_AVX) && (c & bit_VAES))
			f |= CPU_VAES;
		if ((f & CPU_AVX) && (c & bit_VPCLMULQDQ))
			f |= CPU_VPCLMUL;
	}
	return f;
}

const char *cpu_model(void)
{
	static char brand[49];
	unsigned r[12], i;

	if (brand[0])
		return brand;
	if ((unsigned)__get_cpuid_max(0x80000000, NULL) < 0x80000004)
		return "x86";
	for (i = 0; i < 3; i++)
		__cpuid(0x80000002 + i, r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]);
	memcpy(brand, r, 48);
	/* Some brand strings are padded with leading and trailing blanks. */
	for (i = 47; i > 0 && (brand[i] == ' ' || !brand[i]); i--)
		brand[i] = 0;
	i = strspn(brand, " ");
	memmove(brand, brand + i, strlen(brand + i) + 1);
	return brand;
}

#elif defined(__aarch64__) || defined(__arm__)
#include <sys/auxv.h>

static uint32_t probe(void)
{
	unsigned long hw = getauxval(AT_HWCAP);
	uint32_t f = 0;

#ifdef __aarch64__
	/* asm/hwcap.h bits, spelt out: this header is not in every libc. */
	if (hw & (1 << 1))
		f |= CPU_NEON;
	if (hw & (1 << 3))
		f |= CPU_ARM_AES;
	if (hw & (1 << 4))
		f |= CPU_ARM_PMULL;
	if (hw & (1 << 5))
		f |= CPU_ARM_SHA1;
	if (hw & (1 << 6))
		f |= CPU_ARM_SHA2;
	if (hw & (1 << 7))
		f |= CPU_ARM_CRC32;
	if (hw & (1 << 21))
		f |= CPU_ARM_SHA512;
#else
	unsigned long hw2 = getauxval(AT_HWCAP2);

	if (hw & (1 << 12))
		f |= CPU_NEON;
	if (hw2 & (1 << 0))
		f |= CPU_ARM_AES;
	if (hw2 & (1 << 1))
		f |= CPU_ARM_PMULL;
	if (hw2 & (1 << 2))
		f |= CPU_ARM_SHA1;
	if (hw2 & (1 << 3))
		f |= CPU_ARM_SHA2;
	if (hw2 & (1 << 4))
		f |= CPU_ARM_CRC32;
#endif
	return f;
}
#else
static uint32_t probe(void)
{
	return 0;
}
#endif

#if !defined(__x86_64__) && !defined(__i386__)
const char *cpu_model(void)
{
	static struct utsname u;

	if (!u.machine[0] && uname(&u) < 0)
		return "unknown";
	return u.machine;
}
#endif

static uint32_t features;

static void probe_once(void)
{
	features = probe();
}

uint32_t cpu_features(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, probe_once);
	return features;
}

static const char *const names[32] = {
	"ssse3", "sse4.1", "sse4.2", "avx", "avx2", "bmi2", "aes", "pclmul",
	"sha", "avx512", "vaes", "vpclmul", "ifma", NULL, NULL, NULL,
	"neon", "aes", "pmull", "sha1", "sha2", "sha512", "crc32",
};

const char *cpu_feature_names(uint32_t f)
{
	static char buf[256];
	size_t n = 0;
	int i;

	buf[0] = 0;
	for (i = 0; i < 32; i++)
		if ((f & (1u << i)) && names[i])
			n += snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? " " : "", names[i]);
	return buf;
}
