// SPDX-License-Identifier: Apache-2.0
/* pool.c: an ordered work pool.  Items are worked on by N threads and
 * handed back, on the thread that submits, in the order they were
 * submitted, so output stays the same whatever the threads did first. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "lsmbox.h"

struct pool {
	pthread_mutex_t lock;
	pthread_cond_t work_cv, done_cv;
	void (*work)(void *item, void *ctx);
	void (*done)(void *item, void *ctx);
	void *ctx;
	struct slot {
		void *item;
		int finished;
	} *ring;
	size_t depth;
	/* Sequence numbers: handed back < claimed <= submitted. */
	unsigned long long submitted, claimed, returned;
	int stop, nthreads;
	pthread_t *threads;
};

static void *worker(void *arg)
{
	struct pool *p = arg;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct slot *s;

		while (p->claimed == p->submitted && !p->stop)
			pthread_cond_wait(&p->work_cv, &p->lock);
		if (p->claimed == p->submitted)
			break;
		s = &p->ring[p->claimed++ % p->depth];
		pthread_mutex_unlock(&p->lock);
		p->work(s->item, p->ctx);
		pthread_mutex_lock(&p->lock);
		s->finished = 1;
		pthread_cond_signal(&p->done_cv);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

int pool_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > POOL_MAX_JOBS ? POOL_MAX_JOBS : (int)n;
}

struct pool *pool_new(int jobs, void (*work)(void *item, void *ctx),
		      void (*done)(void *item, void *ctx), void *ctx)
{
	struct pool *p = xzalloc(sizeof(*p));

	p->work = work;
	p->done = done;
	p->ctx = ctx;
	if (jobs < 1)
		jobs = 1;
	if (jobs > POOL_MAX_JOBS)
		jobs = POOL_MAX_JOBS;
	if (jobs == 1)
		return p;	/* inline: work and done at submit */
	p->depth = 4 * (size_t)jobs;
	p->ring = xzalloc(p->depth * sizeof(*p->ring));
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->work_cv, NULL);
	pthread_cond_init(&p->done_cv, NULL);
	p->threads = xmalloc((size_t)jobs * sizeof(*p->threads));
	for (; p->nthreads < jobs; p->nthreads++)
		if (pthread_create(&p->threads[p->nthreads], NULL, worker, p)) {
			if (!p->nthreads)
				die("cannot start a thread");
			break;	/* fewer threads do the same work */
		}
	return p;
}

/* Hand back what has finished at the head, in order; with wait, block until
 * everything before `upto` is back.  Called with the lock held. */
static void drain(struct pool *p, unsigned long long upto)
{
	while (p->returned < upto) {
		struct slot *s = &p->ring[p->returned % p->depth];

		if (!s->finished) {
			pthread_cond_wait(&p->done_cv, &p->lock);
			continue;
		}
		pthread_mutex_unlock(&p->lock);
		p->done(s->item, p->ctx);
		pthread_mutex_lock(&p->lock);
		s->finished = 0;
		p->returned++;
	}
}

void pool_submit(struct pool *p, void *item)
{
	struct slot *s;

	if (!p->ring) {
		p->work(item, p->ctx);
		p->done(item, p->ctx);
		return;
	}
	pthread_mutex_lock(&p->lock);
	/* The ring is full: the oldest must be handed back first. */
	if (p->submitted - p->returned == p->depth)
		drain(p, p->returned + 1);
	s = &p->ring[p->submitted++ % p->depth];
	s->item = item;
	s->finished = 0;
	pthread_cond_signal(&p->work_cv);
	/* Whatever is finished at the head goes back now, not at the end. */
	while (p->returned < p->submitted && p->ring[p->returned % p->depth].finished)
		drain(p, p->returned + 1);
	pthread_mutex_unlock(&p->lock);
}

void pool_flush(struct pool *p)
{
	if (!p->ring)
		return;
	pthread_mutex_lock(&p->lock);
	drain(p, p->submitted);
	pthread_mutex_unlock(&p->lock);
}

void pool_finish(struct pool *p)
{
	if (p->ring) {
		pthread_mutex_lock(&p->lock);
		drain(p, p->submitted);
		p->stop = 1;
		pthread_cond_broadcast(&p->work_cv);
		pthread_mutex_unlock(&p->lock);
		for (int i = 0; i < p->nthreads; i++)
			pthread_join(p->threads[i], NULL);
		pthread_mutex_destroy(&p->lock);
		pthread_cond_destroy(&p->work_cv);
		pthread_cond_destroy(&p->done_cv);
		free(p->threads);
		free(p->ring);
	}
	free(p);
}
