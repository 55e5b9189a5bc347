// SPDX-License-Identifier: Apache-2.0
/* test_pool.c: the ordered work pool: every item worked once, handed back
 * in submission order on the submitting thread, whatever the threads'
 * speeds, at most 4 * jobs items in the pool. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "lsmbox.h"
#include "unit.h"

#define NITEMS 2000

struct item {
	int seq, worked;
	pthread_t by;
};

struct ctx {
	int next, bad_order, bad_thread, in_pool, max_in_pool;
	pthread_t self;
	pthread_mutex_t lock;
};

static void work(void *p, void *c)
{
	struct item *it = p;
	struct timespec ts = { 0, (it->seq * 7919 % 13) * 20000 };

	(void)c;
	/* Uneven work, so that later items often finish first. */
	nanosleep(&ts, NULL);
	it->worked++;
	it->by = pthread_self();
}

static void done(void *p, void *c)
{
	struct item *it = p;
	struct ctx *x = c;

	x->bad_order += it->seq != x->next++ || it->worked != 1;
	x->bad_thread += !pthread_equal(pthread_self(), x->self);
	pthread_mutex_lock(&x->lock);
	x->in_pool--;
	pthread_mutex_unlock(&x->lock);
	free(it);
}

static void run(int jobs, int nitems, struct ctx *x)
{
	struct pool *p = pool_new(jobs, work, done, x);

	*x = (struct ctx){ 0 };
	x->self = pthread_self();
	pthread_mutex_init(&x->lock, NULL);
	for (int i = 0; i < nitems; i++) {
		struct item *it = xzalloc(sizeof(*it));

		it->seq = i;
		pthread_mutex_lock(&x->lock);
		if (++x->in_pool > x->max_in_pool)
			x->max_in_pool = x->in_pool;
		pthread_mutex_unlock(&x->lock);
		pool_submit(p, it);
	}
	pool_finish(p);
	pthread_mutex_destroy(&x->lock);
}

TEST(pool_inline_with_one_job)
{
	struct ctx x;

	run(1, 100, &x);
	CHECK_INT(x.next, 100);
	CHECK_INT(x.bad_order, 0);
	CHECK_INT(x.bad_thread, 0);
	CHECK_INT(x.max_in_pool, 1);
}

TEST(pool_order_kept_with_threads)
{
	struct ctx x;

	for (int jobs = 2; jobs <= 8; jobs *= 2) {
		run(jobs, NITEMS, &x);
		CHECK_INT(x.next, NITEMS);
		CHECK_INT(x.bad_order, 0);
		CHECK_INT(x.bad_thread, 0);
		/* The one just submitted counts before it is in: 4 * jobs + 1. */
		CHECK(x.max_in_pool <= 4 * jobs + 1);
		CHECK(x.max_in_pool > 1);
	}
}

TEST(pool_fewer_items_than_threads_and_none)
{
	struct ctx x;

	run(8, 3, &x);
	CHECK_INT(x.next, 3);
	CHECK_INT(x.bad_order, 0);
	run(4, 0, &x);
	CHECK_INT(x.next, 0);
}

TEST(pool_jobs_bounded)
{
	struct ctx x;

	CHECK(pool_cpus() >= 1 && pool_cpus() <= POOL_MAX_JOBS);
	run(0, 5, &x);		/* 0: one, inline */
	CHECK_INT(x.max_in_pool, 1);
	run(POOL_MAX_JOBS + 100, 50, &x);
	CHECK_INT(x.next, 50);
	CHECK_INT(x.bad_order, 0);
}

TEST(pool_flush_hands_back_all_and_goes_on)
{
	for (int jobs = 1; jobs <= 4; jobs += 3) {
		struct ctx x = { 0 };
		struct pool *p = pool_new(jobs, work, done, &x);

		x.self = pthread_self();
		pthread_mutex_init(&x.lock, NULL);
		for (int round = 0; round < 3; round++) {
			for (int i = 0; i < 5; i++) {
				struct item *it = xzalloc(sizeof(*it));

				it->seq = round * 5 + i;
				pthread_mutex_lock(&x.lock);
				x.in_pool++;
				pthread_mutex_unlock(&x.lock);
				pool_submit(p, it);
			}
			pool_flush(p);
			/* everything submitted is back, in order */
			CHECK_INT(x.next, (round + 1) * 5);
			CHECK_INT(x.in_pool, 0);
		}
		pool_finish(p);
		CHECK_INT(x.bad_order, 0);
		CHECK_INT(x.bad_thread, 0);
		pthread_mutex_destroy(&x.lock);
	}
}
