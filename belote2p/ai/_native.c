/*
 * The rival's exact strict-phase solver, compiled: the twin of solver.py.
 *
 * solver.py is the reference and the documentation (its docstring explains
 * the search: whole tricks, "leader's points" F(hl, hf), fail-soft alpha-beta
 * with a transposition table, runs and dominance, the capot game).  This file
 * runs the same search with the same tables, in C, so that each node costs
 * nanoseconds instead of a Python call.  It returns exactly the same values and
 * the same sets of optimal cards: every value is the exact game value, which
 * any correct exact search agrees on (tests/ai/test_native.py checks it on
 * random positions against the Python solver).
 *
 * The rules (card strengths and points, the last trick's 10, the capot bonus)
 * are not written here: belote2p.ai.core hands them over once, from cards.py,
 * through set_rules(), before any search.
 *
 * Names follow solver.py's glossary: c a card led, f a card played to it, hl
 * and hf the leader's and the follower's hands (bit i = internal card i =
 * suit * 8 + strength), R the points still to take, alpha/beta the window.
 *
 * Safety: every entry point checks its arguments (card ints 0-31, no card
 * twice, hand sizes, trump, leader) before it builds a mask, so no input
 * reachable from Python indexes a table out of bounds.  belote2p.ai.solver
 * checks them first with the Python messages (SolverError); the checks here
 * guard direct callers of this module.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <float.h>
#include <math.h>
#include <string.h>

/* Every decision of the playouts compares doubles formed as Python forms
 * them, each operation rounded to a double (the twin's promise, and a run
 * file's: it verifies on every machine).  So no build may fuse a product
 * into the sum that follows it (one rounding instead of two: -mfma with GCC's
 * default -ffp-contract=fast, and the default on arm64), compute in wider
 * registers (x87) or reorder arithmetic (-ffast-math).  hatch_build.py
 * compiles with -ffp-contract=off -fno-fast-math (/fp:precise on MSVC), the
 * products go through product(), which rounds whatever the flags, and a
 * build these checks refuse leaves the Python core to play. */
#if defined(__FAST_MATH__)
#error "the native core needs IEEE arithmetic (no -ffast-math): it would decide unlike Python"
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD > 0
#error "the native core needs doubles computed as doubles (FLT_EVAL_METHOD 0: SSE2, not x87)"
#endif
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

/* a * b rounded to a double before it is used, as Python rounds it: the
 * volatile store is the one portable way to stop a compiler fusing it into
 * the next addition (GCC ignores FP_CONTRACT; its -ffp-contract=fast fuses
 * across statements). */
static inline double product(double a, double b) {
    volatile double p = a * b;
    return p;
}

#define INF (1 << 20)

typedef uint32_t Mask;

/* ------------------------------------------------------------------------
 * The rules, from cards.py (set_rules).
 */

static int rules_set = 0;
static PyObject *CARD_OBJECTS[32];  /* cards.CARDS: what the functions return */
static int PLAIN_STRENGTH[8], TRUMP_STRENGTH[8], PLAIN_POINTS[8], TRUMP_POINTS[8];
static int LAST_TRICK = 10, CAPOT_BONUS = 90;

/* ------------------------------------------------------------------------
 * Constant tables, built once (solver.py: _runs_tables, _lead_tables), indexed
 * by a suit byte of the mover m | the opponent's o << 8.
 */

static uint8_t TOPS[65536], BOTS[65536], DEDUP[65536], LEAD_TRUMP[65536], LEAD_PLAIN[65536];
static uint8_t ABOVE[8], BELOW[8];

/* Bit length of x (0 for 0): Python's int.bit_length; lowbit: the index of
 * x's lowest set bit (x != 0); popcount: its set bits.  One instruction each on
 * GCC, Clang and MSVC (popcount a few there). */
#ifdef _MSC_VER
#include <intrin.h>
static inline int bitlen(uint32_t x) {
    unsigned long i;
    return _BitScanReverse(&i, x) ? (int)i + 1 : 0;
}
static inline int lowbit(uint32_t x) {
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
}
static inline int popcount(uint32_t x) {  /* not __popcnt: older CPUs lack the instruction */
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
#else
static inline int bitlen(uint32_t x) { return x ? 32 - __builtin_clz(x) : 0; }
static inline int lowbit(uint32_t x) { return __builtin_ctz(x); }
static inline int popcount(uint32_t x) { return __builtin_popcount(x); }
#endif

/* The runs of m against o: tops, bottoms and runs without repeated zero-point
 * plain cards (solver.py _runs_tables, which documents why). */
static void build_run_tables(void) {
    for (int m = 0; m < 256; m++) {
        int free_ = 255 ^ m;
        int o = free_;
        for (;;) {
            int t = 0, b = 0, d = 0, run[9], nrun = 0;
            for (int k = 0; k < 9; k++) {
                if (k < 8 && (m >> k & 1)) {
                    run[nrun++] = k;
                } else if (nrun && (k == 8 || (o >> k & 1))) {
                    t |= 1 << run[nrun - 1];
                    b |= 1 << run[0];
                    int zero_kept = 0;
                    for (int i = 0; i < nrun; i++) {
                        int x = run[i];
                        if (x >= 3 || !zero_kept) {
                            d |= 1 << x;
                            zero_kept = zero_kept || x < 3;
                        }
                    }
                    nrun = 0;
                }
            }
            int idx = m | (o << 8);
            TOPS[idx] = (uint8_t)t;
            BOTS[idx] = (uint8_t)b;
            DEDUP[idx] = (uint8_t)d;
            if (o == 0) break;
            o = (o - 1) & free_;
        }
    }
}

/* The leader's cards worth leading from m against o (solver.py _lead_tables). */
static void build_lead_tables(void) {
    for (int idx = 0; idx < 65536; idx++) {
        int m = idx & 255, o = idx >> 8;
        LEAD_TRUMP[idx] = LEAD_PLAIN[idx] = 0;
        if ((m & o) || !m) continue;
        if (!o) {
            LEAD_TRUMP[idx] = TOPS[idx];
            continue;
        }
        int above = 255 & ~((2 << (bitlen((uint32_t)o) - 1)) - 1);
        int below = (o & -o) - 1;
        LEAD_TRUMP[idx] = (uint8_t)((TOPS[idx] & above) | (BOTS[idx] & ~above & 255));
        LEAD_PLAIN[idx] = (uint8_t)((TOPS[idx] & above) | (BOTS[idx] & below)
                                    | (DEDUP[idx] & ~(above | below) & 255));
    }
    for (int k = 0; k < 8; k++) {
        ABOVE[k] = (uint8_t)(255 & ~((2 << k) - 1));
        BELOW[k] = (uint8_t)((1 << k) - 1);
    }
}

/* Per-trump constants in internal ids (solver.py _Tables). */
typedef struct {
    int trump, sh;          /* the trump suit, and its first internal id */
    uint8_t to_int[32];     /* card int -> internal id */
    uint8_t to_ext[32];     /* internal id -> card int */
    int pts[32];            /* internal id -> points */
    Mask win[32];           /* internal id -> the cards that beat it played second */
    int tpts[256];          /* trump-suit byte -> its points */
} Tables;

static Tables TB[4];

/* Fill TB[trump] from the rules (called by set_rules). */
static void build_trump_tables(int trump) {
    Tables *t = &TB[trump];
    t->trump = trump;
    t->sh = 8 * trump;
    for (int c = 0; c < 32; c++) {
        int s = c >> 3, r = c & 7, i, p;
        if (s == trump) {
            i = s * 8 + TRUMP_STRENGTH[r];
            p = TRUMP_POINTS[r];
        } else {
            i = s * 8 + PLAIN_STRENGTH[r];
            p = PLAIN_POINTS[r];
        }
        t->to_int[c] = (uint8_t)i;
        t->to_ext[i] = (uint8_t)c;
        t->pts[i] = p;
    }
    for (int i = 0; i < 32; i++) {
        Mask w = (Mask)ABOVE[i & 7] << (i & ~7);
        if (i >> 3 != trump) w |= (Mask)0xFF << (8 * trump);
        t->win[i] = w;
    }
    for (int b = 0; b < 256; b++) {
        int sum = 0;
        for (int k = 0; k < 8; k++)
            if (b >> k & 1) sum += t->pts[8 * trump + k];
        t->tpts[b] = sum;
    }
}

/* ------------------------------------------------------------------------
 * Transposition tables: open addressing on the position key hl | hf << 32,
 * which is never 0 for a position that is searched (both hands hold cards),
 * so 0 marks a free slot.  They grow at half load; callers hold no pointer
 * into one across a recursive call.
 */

typedef struct {
    uint64_t key;
    int16_t lo, hi;   /* bounds on the position's value */
    int8_t best;      /* the best lead found (internal id), or -1 */
} Entry;

typedef struct {
    Entry *slots;
    size_t cap, used;  /* cap is a power of two */
} TT;

/* Where key lives or would go (cap is never full). */
static inline size_t tt_slot(const TT *tt, uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 32) & (tt->cap - 1);
    while (tt->slots[i].key && tt->slots[i].key != key) i = (i + 1) & (tt->cap - 1);
    return i;
}

static int tt_init(TT *tt, size_t cap) {
    tt->slots = calloc(cap, sizeof(Entry));
    tt->cap = cap;
    tt->used = 0;
    return tt->slots ? 0 : -1;
}

static void tt_free(TT *tt) {
    free(tt->slots);
    tt->slots = NULL;
    tt->cap = tt->used = 0;
}

/* The entry of key, or NULL. */
static inline Entry *tt_get(const TT *tt, uint64_t key) {
    Entry *e = &tt->slots[tt_slot(tt, key)];
    return e->key ? e : NULL;
}

/* Double the table (on failure the table stays as it was, still valid). */
static int tt_grow(TT *tt) {
    TT big;
    if (tt_init(&big, tt->cap * 2) < 0) return -1;
    for (size_t i = 0; i < tt->cap; i++)
        if (tt->slots[i].key) big.slots[tt_slot(&big, tt->slots[i].key)] = tt->slots[i];
    big.used = tt->used;
    free(tt->slots);
    *tt = big;
    return 0;
}

/* Store what a search learnt about key.  Out of memory, it forgets: the table
 * is a cache of exact knowledge, so answers never depend on it. */
static void tt_put(TT *tt, uint64_t key, int lo, int hi, int best) {
    if (2 * (tt->used + 1) > tt->cap) tt_grow(tt);
    size_t i = tt_slot(tt, key);
    Entry *e = &tt->slots[i];
    if (!e->key) {
        if (2 * (tt->used + 1) > tt->cap) return;  /* could not grow: keep a free slot */
        e->key = key;
        tt->used++;
    }
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->best = (int8_t)best;
}

/* ------------------------------------------------------------------------
 * One search: its trump's tables and its transposition tables (the call's own
 * or a Memo's).
 */

typedef struct {
    const Tables *tb;
    TT *tt;        /* the points game */
    TT *capot_tt;  /* the capot game */
} Search;

/* A lead worth searching: its card, points, ordering key (higher first) and
 * the follower's answers worth searching (a mask; listed when searched). */
typedef struct {
    int c, pc, key;
    Mask keep;
} Lead;

/* The follower's answers to one lead, in search order. */
typedef struct {
    int nf;
    int8_t f[16], pf[16], w[16];  /* card, points, 1 if it wins: one per card of a hand */
} Answers;

/* The follower's discards worth searching: the bottom of each run. */
static Mask discard_mask(const Search *s, Mask hl, Mask hf) {
    Mask keep = 0;
    for (int s8 = 0; s8 < 32; s8 += 8) {
        int m = (hf >> s8) & 255;
        if (m) keep |= (Mask)BOTS[m | (((hl >> s8) & 255) << 8)] << s8;
    }
    return keep;
}

/* The follower's answers to c worth searching (solver.py follow_mask): legal,
 * the top of each winning run and the bottom of each losing run. */
static Mask follow_mask(const Search *s, Mask hl, Mask hf, int c) {
    int sh = s->tb->sh, s8 = c & ~7, k = c & 7;
    int m = (hf >> s8) & 255;
    if (m) {
        int idx = m | (((hl >> s8) & 255) << 8);
        if (s8 == sh) {
            int higher = m & ABOVE[k];
            if (higher) return (Mask)(TOPS[idx] & higher) << s8;
            return (Mask)BOTS[idx] << s8;
        }
        return (Mask)((TOPS[idx] & ABOVE[k]) | (BOTS[idx] & BELOW[k])) << s8;
    }
    int t = (hf >> sh) & 255;
    if (t) return (Mask)TOPS[t | (((hl >> sh) & 255) << 8)] << sh;
    return discard_mask(s, hl, hf);
}

/* Fill lead with the answers keep to c: winners first (weakest first), then
 * losers, fewest points first (solver.py follow_list). */
static void follow_list(const Search *s, Mask keep, int c, Answers *lead) {
    const int *pts = s->tb->pts;
    Mask w = keep & s->tb->win[c], l = keep ^ w;
    int n = 0;
    while (w) {
        int f = lowbit(w);
        w &= w - 1;
        lead->f[n] = (int8_t)f;
        lead->pf[n] = (int8_t)pts[f];
        lead->w[n++] = 1;
    }
    int first_loser = n;
    while (l) {  /* insertion sort by points, stable on ids */
        int f = lowbit(l);
        l &= l - 1;
        int j = n++;
        while (j > first_loser && lead->pf[j - 1] > pts[f]) {
            lead->f[j] = lead->f[j - 1];
            lead->pf[j] = lead->pf[j - 1];
            lead->w[j] = 0;
            j--;
        }
        lead->f[j] = (int8_t)f;
        lead->pf[j] = (int8_t)pts[f];
        lead->w[j] = 0;
    }
    lead->nf = n;
}

/* Add lead c to out, with its answers and its ordering key: the trick's points
 * against the follower's first answer (its weakest winner, else its cheapest
 * loser), a lead that keeps the trick first (solver.py suit_moves). */
static void add_lead(const Search *s, Mask hl, Mask hf, int c, int discard_only,
                     Lead *out, int *n) {
    const int *pts = s->tb->pts;
    Lead *lead = &out[(*n)++];
    lead->c = c;
    lead->pc = pts[c];
    lead->keep = discard_only ? discard_mask(s, hl, hf) : follow_mask(s, hl, hf, c);
    Mask w = lead->keep & s->tb->win[c];
    int score;
    if (w) {
        score = -(lead->pc + pts[lowbit(w)]);
    } else {
        int least = INF;
        for (Mask x = lead->keep; x; x &= x - 1)
            if (pts[lowbit(x)] < least) least = pts[lowbit(x)];
        score = lead->pc + least + (discard_only ? 0 : 60);
    }
    lead->key = score * 64 - c;
}

/* The leads worth searching, most promising first (solver.py gen_moves and
 * suit_moves); at most one per card of the leader's hand (16 at most). */
static int gen_moves(const Search *s, Mask hl, Mask hf, Lead *out) {
    int sh = s->tb->sh, n = 0;
    int tf = (hf >> sh) & 255;
    for (int s8 = 0; s8 < 32; s8 += 8) {
        int m = (hl >> s8) & 255;
        if (!m) continue;
        int o = (hf >> s8) & 255;
        int keep, discard_only = 0;
        if (o) {
            keep = s8 == sh ? LEAD_TRUMP[m | (o << 8)] : LEAD_PLAIN[m | (o << 8)];
        } else if (tf) {  /* the follower must trump: lose the lowest card */
            keep = m & -m;
        } else {          /* the follower can only discard: the top card wins */
            keep = 1 << (bitlen((uint32_t)m) - 1);
            discard_only = 1;
        }
        while (keep) {
            int k = lowbit((uint32_t)keep);
            keep &= keep - 1;
            add_lead(s, hl, hf, s8 + k, discard_only, out, &n);
        }
    }
    for (int i = 1; i < n; i++) {  /* insertion sort, highest key first */
        Lead x = out[i];
        int j = i;
        while (j > 0 && out[j - 1].key < x.key) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = x;
    }
    return n;
}

static int search(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta);

/* F(hl, hf) exactly for two cards each (solver.py two). */
static int two(const Search *s, Mask hl, Mask hf, int R) {
    const Tables *tb = s->tb;
    int sh = tb->sh, best = -1;
    for (Mask ml = hl; ml; ml &= ml - 1) {
        int c = lowbit(ml);
        int c2 = bitlen(hl ^ ((Mask)1 << c)) - 1;
        int s8 = c & ~7;
        Mask legal = hf & ((Mask)0xFF << s8);
        if (legal) {
            if (s8 == sh && (legal & tb->win[c])) legal &= tb->win[c];
        } else {
            legal = hf & ((Mask)0xFF << sh);
            if (!legal) legal = hf;
        }
        int worst = INF;
        for (Mask mf = legal; mf; mf &= mf - 1) {
            int f = lowbit(mf);
            int f2 = bitlen(hf ^ ((Mask)1 << f)) - 1;
            int v;
            if (tb->win[c] >> f & 1)
                v = (tb->win[f2] >> c2 & 1) ? R - tb->pts[c] - tb->pts[f] : 0;
            else if (tb->win[c2] >> f2 & 1)
                v = tb->pts[c] + tb->pts[f];
            else
                v = R;
            if (v < worst) worst = v;
        }
        if (worst > best) best = worst;
    }
    return best;
}

/* F(hl, hf) for any n >= 0 cards each, fail-soft (solver.py value). */
static int value(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta) {
    if (n == 0) return R;
    if (n == 1) return (s->tb->win[bitlen(hl) - 1] & hf) ? 0 : R;
    if (n == 2) return two(s, hl, hf, R);
    return search(s, hl, hf, n, R, alpha, beta);
}

/* Trump bounds (solver.py search): trumps above all of the other's are sure. */
static inline int sure_points(const Tables *tb, int mine, int theirs) {
    return tb->tpts[mine & ~((1 << bitlen((uint32_t)theirs)) - 1)];
}

static int capot(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta);

/* The leader's best over its leads (n cards each, window (alpha, beta),
 * fail-soft), and in *bestc the lead that reached it: the alpha-beta loop of
 * solver.py's search and capot.  In the capot game (capot_game) a trick the
 * leader keeps leaves it in that game; one the follower takes ends it.
 * (Python writes the loop twice to spare a flag test per node; in C it is
 * free.) */
static int best_lead(const Search *s, const Lead *leads, int nl, Mask hl, Mask hf, int n,
                     int R, int alpha, int beta, int capot_game, int *bestc) {
    int n1 = n - 1, best = -1, a = alpha;
    *bestc = leads[0].c;
    for (int i = 0; i < nl; i++) {
        const Lead *mv = &leads[i];
        Mask hl2 = hl ^ ((Mask)1 << mv->c);
        Answers ans;
        follow_list(s, mv->keep, mv->c, &ans);
        int worst = INF;  /* the follower minimises the leader's points */
        for (int j = 0; j < ans.nf; j++) {
            int p = mv->pc + ans.pf[j], R2 = R - p, v;
            int b = beta < worst ? beta : worst;
            Mask hf2 = hf ^ ((Mask)1 << ans.f[j]);
            if (ans.w[j])  /* the follower takes the trick and leads next */
                v = R2 - value(s, hf2, hl2, n1, R2, R2 - b, R2 - a);
            else if (capot_game)
                v = p + capot(s, hl2, hf2, n1, R2, a - p, b - p);
            else
                v = p + value(s, hl2, hf2, n1, R2, a - p, b - p);
            if (v < worst) {
                worst = v;
                if (worst <= a) break;
            }
        }
        if (worst > best) {
            best = worst;
            *bestc = mv->c;
            if (worst > a) {
                a = worst;
                if (a >= beta) break;
            }
        }
    }
    return best;
}

/* Narrow the bounds (*lo, *hi) by a fail-soft result best of window
 * (alpha, beta): an upper bound, a lower bound, or the exact value. */
static void learn(int best, int alpha, int beta, int *lo, int *hi) {
    if (best <= alpha) {
        if (best < *hi) *hi = best;
    } else if (best >= beta) {
        if (best > *lo) *lo = best;
    } else {
        *lo = *hi = best;
    }
}

/* A table entry's bounds (lo, hi) against the window: 1 and the answer in
 * *cut if they decide it, else 0 with the window narrowed to them. */
static inline int window(int lo, int hi, int *alpha, int *beta, int *cut) {
    if (lo >= *beta) {
        *cut = lo;
        return 1;
    }
    if (hi <= *alpha) {
        *cut = hi;
        return 1;
    }
    if (lo > *alpha) *alpha = lo;
    if (hi < *beta) *beta = hi;
    return 0;
}

/* F(hl, hf) for n >= 3 cards each, window (alpha, beta), fail-soft
 * (solver.py search). */
static int search(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta) {
    const Tables *tb = s->tb;
    int sh = tb->sh, lo, hi, first = -1, bestc, cut;
    uint64_t key = (uint64_t)hl | (uint64_t)hf << 32;
    Entry *e = tt_get(s->tt, key);
    if (!e) {
        int tl = (hl >> sh) & 255, tf = (hf >> sh) & 255;
        hi = R - sure_points(tb, tf, tl);
        if (hi <= alpha) return hi;
        lo = sure_points(tb, tl, tf);
        if (lo >= beta) return lo;
    } else {
        lo = e->lo;
        hi = e->hi;
        first = e->best;
        if (window(lo, hi, &alpha, &beta, &cut)) return cut;
    }
    Lead leads[32];
    int nl = gen_moves(s, hl, hf, leads);
    if (first >= 0) {  /* the best lead found before goes first */
        for (int i = 1; i < nl; i++) {
            if (leads[i].c == first) {
                Lead x = leads[i];
                memmove(&leads[1], &leads[0], (size_t)i * sizeof(Lead));
                leads[0] = x;
                break;
            }
        }
    }
    int best = best_lead(s, leads, nl, hl, hf, n, R, alpha, beta, 0, &bestc);
    learn(best, alpha, beta, &lo, &hi);
    tt_put(s->tt, key, lo, hi, best <= alpha ? first : bestc);
    return best;
}

/* G(hl, hf): F plus CAPOT_BONUS if the leader, who has taken every trick so
 * far, takes every remaining one (solver.py capot). */
static int capot(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta) {
    const Tables *tb = s->tb;
    int sh = tb->sh, bestc, cut;
    if (n == 0) return R + CAPOT_BONUS;
    int tl = (hl >> sh) & 255;
    if ((hf >> sh) & 255 & ~((1 << bitlen((uint32_t)tl)) - 1))
        return value(s, hl, hf, n, R, alpha, beta);  /* a sure trick: no capot */
    if (n == 1) return (tb->win[bitlen(hl) - 1] & hf) ? 0 : R + CAPOT_BONUS;
    uint64_t key = (uint64_t)hl | (uint64_t)hf << 32;
    Entry *e = tt_get(s->capot_tt, key);
    int lo = e ? e->lo : 0, hi = e ? e->hi : R + CAPOT_BONUS;
    if (window(lo, hi, &alpha, &beta, &cut)) return cut;
    Lead leads[32];
    int nl = gen_moves(s, hl, hf, leads);
    int best = best_lead(s, leads, nl, hl, hf, n, R, alpha, beta, 1, &bestc);
    learn(best, alpha, beta, &lo, &hi);
    tt_put(s->capot_tt, key, lo, hi, -1);
    return best;
}

/* ------------------------------------------------------------------------
 * The root (solver.py _lead_root, _follow_root): the mover's legal moves and
 * the value of each.
 */

typedef struct {
    const Search *s;
    int capot_game;      /* the leader keeps playing the capot game after a trick */
    int follower_moves;  /* a card was led: the follower is to move */
    Mask hl, hf;         /* the leader's and the follower's hands */
    int n, R, lead;      /* the leader's cards, the points left (the lead's
                            included), the card led (internal) or -1 */
    int mover;           /* the seat to move */
    int nmoves, moves[16];  /* its legal moves (internal): first the moves that
                               dominate themselves, most promising first, then
                               the dominated ones */
    int dom[16];            /* dom[i]: the move at least as good as moves[i]
                               (solver.py _dominators), moves[i] itself if none */
} Root;

/* After a trick the leader keeps the lead: its points (F, or G in the capot game). */
static inline int kept(const Root *r, Mask hl, Mask hf, int n, int R, int a, int b) {
    return r->capot_game ? capot(r->s, hl, hf, n, R, a, b) : value(r->s, hl, hf, n, R, a, b);
}

/* The mover's points after its move m, window (a, b), fail-soft. */
static int root_val(const Root *r, int m, int a, int b) {
    const Tables *tb = r->s->tb;
    if (r->follower_moves) {
        Mask fb = (Mask)1 << m;
        int p = tb->pts[r->lead] + tb->pts[m], R2 = r->R - p;
        if (tb->win[r->lead] & fb)  /* the follower wins and leads next */
            return p + value(r->s, r->hf ^ fb, r->hl, r->n, R2, a - p, b - p);
        return R2 - kept(r, r->hl, r->hf ^ fb, r->n, R2, R2 - b, R2 - a);
    }
    Mask hl2 = r->hl ^ ((Mask)1 << m);
    Answers answers;
    follow_list(r->s, follow_mask(r->s, r->hl, r->hf, m), m, &answers);
    int worst = INF;
    for (int j = 0; j < answers.nf; j++) {
        Mask fb = (Mask)1 << answers.f[j];
        int p = tb->pts[m] + answers.pf[j], R2 = r->R - p, v;
        int bb = b < worst ? b : worst;
        if (answers.w[j])
            v = R2 - value(r->s, r->hf ^ fb, hl2, r->n - 1, R2, R2 - bb, R2 - a);
        else
            v = p + kept(r, hl2, r->hf ^ fb, r->n - 1, R2, a - p, bb - p);
        if (v < worst) {
            worst = v;
            if (worst <= a) break;
        }
    }
    return worst;
}

/* Does the mover surely win the trick with m (1), surely lose it (0), or
 * does it depend on the other's answer (-1)?  (solver.py's wins() of
 * _lead_root and _follow_root.) */
static int sure_outcome(const Root *r, int m) {
    const Tables *tb = r->s->tb;
    if (r->follower_moves) return (int)(tb->win[r->lead] >> m & 1);
    int s8 = m & ~7, k = m & 7, o = (r->hf >> s8) & 255;
    if (s8 == tb->sh) return !(o & ABOVE[k]);
    if (!o) return !((r->hf >> tb->sh) & 255);
    if (!(o & ABOVE[k])) return 1;
    if (!(o & BELOW[k])) return 0;
    return -1;
}

/* The move of m's run (the mover's legal cards of its suit with none of the
 * other's between them) at least as good as m: its top if m surely wins the
 * trick, its bottom if it surely loses, else the lowest card of the run with
 * m's points (an exact equivalent).  solver.py _dominators explains why. */
static int dominator(const Root *r, Mask legal, int m) {
    const int *pts = r->s->tb->pts;
    Mask mine = r->follower_moves ? r->hf : r->hl;
    Mask theirs = r->follower_moves ? r->hl | (Mask)1 << r->lead : r->hf;
    int s8 = m & ~7, k = m & 7, o = (theirs >> s8) & 255, lo = k, hi = k;
    int run = (mine & legal) >> s8 & 255;
    while (lo > 0 && !(o >> (lo - 1) & 1)) lo--;
    while (hi < 7 && !(o >> (hi + 1) & 1)) hi++;
    run &= (2 << hi) - (1 << lo);  /* strengths lo..hi */
    int outcome = sure_outcome(r, m);
    if (outcome == 1) return s8 + bitlen((uint32_t)run) - 1;
    if (outcome == 0) return s8 + lowbit((uint32_t)run);
    for (; run; run &= run - 1)
        if (pts[s8 + lowbit((uint32_t)run)] == pts[m]) return s8 + lowbit((uint32_t)run);
    return m;
}

/* How promising move m looks, higher first (solver.py's promise()). */
static int promise(const Root *r, int m) {
    const Tables *tb = r->s->tb;
    if (r->follower_moves) return (tb->win[r->lead] >> m & 1) ? tb->pts[m] : -tb->pts[m];
    Mask keep = follow_mask(r->s, r->hl, r->hf, m), w = keep & tb->win[m];
    int most = -1, least = INF;
    for (Mask x = w ? w : keep; x; x &= x - 1) {
        int p = tb->pts[lowbit(x)];
        if (p > most) most = p;
        if (p < least) least = p;
    }
    if (w) return -tb->pts[m] - most;
    int bonus = ((r->hf >> (m & ~7)) & 255) || ((r->hf >> tb->sh) & 255) ? 60 : 0;
    return tb->pts[m] + least + bonus;
}

/* The legal moves of the mover, with their dominators, in solver.py's
 * _rows order. */
static void root_moves(Root *r) {
    const Tables *tb = r->s->tb;
    Mask legal;
    if (r->follower_moves) {
        int s8 = r->lead & ~7;
        Mask same = r->hf & ((Mask)0xFF << s8);
        if (same && s8 == tb->sh)
            legal = (same & tb->win[r->lead]) ? (same & tb->win[r->lead]) : same;
        else if (same)
            legal = same;
        else if (r->hf & ((Mask)0xFF << tb->sh))
            legal = r->hf & ((Mask)0xFF << tb->sh);
        else
            legal = r->hf;
    } else {
        legal = r->hl;
    }
    int key[16], nheads = 0, ndominated = 0, dominated[16], their_dom[16];
    for (Mask x = legal; x; x &= x - 1) {
        int m = lowbit(x), d = dominator(r, legal, m);
        if (d != m) {
            dominated[ndominated] = m;
            their_dom[ndominated++] = d;
            continue;
        }
        int k = promise(r, m), j = nheads++;
        while (j > 0 && key[j - 1] < k) {  /* stable: highest promise first */
            key[j] = key[j - 1];
            r->moves[j] = r->moves[j - 1];
            j--;
        }
        key[j] = k;
        r->moves[j] = m;
    }
    for (int i = 0; i < nheads; i++) r->dom[i] = r->moves[i];
    for (int i = 0; i < ndominated; i++) {
        r->moves[nheads + i] = dominated[i];
        r->dom[nheads + i] = their_dom[i];
    }
    r->nmoves = nheads + ndominated;
}

/* ------------------------------------------------------------------------
 * Memo: search tables kept from call to call (solver.py Memo), one pair per
 * trump.  Every entry is exact knowledge, so answers never depend on it.
 */

typedef struct {
    PyObject_HEAD
    TT tt[4], capot_tt[4];
} MemoObject;

static void Memo_dealloc(MemoObject *self) {
    for (int t = 0; t < 4; t++) {
        tt_free(&self->tt[t]);
        tt_free(&self->capot_tt[t]);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Memo_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, ":Memo", kwlist)) return NULL;
    MemoObject *self = (MemoObject *)type->tp_alloc(type, 0);
    return (PyObject *)self;  /* tables start empty (zeroed); made on first use */
}

static PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "belote2p.ai._native.Memo",
    .tp_basicsize = sizeof(MemoObject),
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search tables carried from call to call (solver.Memo's compiled half).",
    .tp_new = Memo_new,
};

/* ------------------------------------------------------------------------
 * The boundary: arguments checked and turned into a root.
 */

/* A position, parsed: the tables of one call live here. */
typedef struct {
    Search s;
    TT own_tt, own_capot_tt;
    Root root;
} Call;

/* seq's items, held: a new tuple (a list is copied; a tuple is itself), so
 * the Python code that reading an item may run (an __index__, a __float__, a
 * __getattr__) can neither change nor free what is being read.  NULL with
 * TypeError(what) if seq is not a sequence. */
static PyObject *held_items(PyObject *seq, const char *what) {
    PyObject *items = PySequence_Tuple(seq);
    if (!items && PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, what);
    }
    return items;
}

/* Read one hand (a sequence of card ints) into *mask, refusing non-cards
 * and cards already seen; its size into *count. */
static int read_hand(PyObject *hand, Mask *mask, Mask *seen, int *count) {
    PyObject *fast = held_items(hand, "a hand must be a sequence of cards");
    if (!fast) return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(fast);
    PyObject **items = &PyTuple_GET_ITEM(fast, 0);
    *mask = 0;
    if (n > 16) {
        PyErr_SetString(PyExc_ValueError, "a hand holds at most 16 cards");
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long c = PyLong_Check(items[i]) ? PyLong_AsLongLong(items[i]) : -1;  /* bools are ints, as in Python */
        if (c == -1 && PyErr_Occurred()) PyErr_Clear();
        if (c < 0 || c > 31) {
            PyErr_Format(PyExc_ValueError, "%R is not a card (an int 0-31)", items[i]);
            Py_DECREF(fast);
            return -1;
        }
        if (*seen >> c & 1) {
            PyErr_Format(PyExc_ValueError, "card %lld is dealt twice", c);
            Py_DECREF(fast);
            return -1;
        }
        *seen |= (Mask)1 << c;
        *mask |= (Mask)1 << c;
    }
    *count = (int)n;
    Py_DECREF(fast);
    return 0;
}

/* An int argument in [lo, hi]; None gives -1 if flags has NONE_OK, and a bool
 * counts as an int only if flags has BOOL_OK (as solver.py's checks). */
enum { NONE_OK = 1, BOOL_OK = 2 };

static int read_small(PyObject *obj, const char *what, int lo, int hi, int flags, int *out) {
    if (obj == Py_None && (flags & NONE_OK)) {
        *out = -1;
        return 0;
    }
    int is_int = PyLong_Check(obj) && ((flags & BOOL_OK) || !PyBool_Check(obj));
    long long v = is_int ? PyLong_AsLongLong(obj) : lo - 1;
    if (v == -1 && PyErr_Occurred()) PyErr_Clear();
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be an int %d-%d, not %R", what, lo, hi, obj);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Internal mask of a card-int mask for this trump. */
static Mask to_internal(const Tables *tb, Mask cards) {
    Mask m = 0;
    for (; cards; cards &= cards - 1) m |= (Mask)1 << tb->to_int[lowbit(cards)];
    return m;
}

/* The root of a checked position (h: the seats' hands, card ints; lead -1 or a
 * card int; capot_for -1 or the leader) into call, its tables memo's or its
 * own; -1 with MemoryError set.  call_end() must follow a success. */
static int call_root(Call *call, int trump, int leader, const Mask h[2], int lead,
                     int capot_for, MemoObject *memo) {
    const Tables *tb = &TB[trump];
    call->s.tb = tb;
    call->own_tt.slots = call->own_capot_tt.slots = NULL;
    if (memo) {
        if ((!memo->tt[trump].slots && tt_init(&memo->tt[trump], 1024) < 0)
            || (!memo->capot_tt[trump].slots && tt_init(&memo->capot_tt[trump], 64) < 0)) {
            PyErr_NoMemory();
            return -1;
        }
        call->s.tt = &memo->tt[trump];
        call->s.capot_tt = &memo->capot_tt[trump];
    } else {
        if (tt_init(&call->own_tt, 1024) < 0 || tt_init(&call->own_capot_tt, 64) < 0) {
            tt_free(&call->own_tt);
            PyErr_NoMemory();
            return -1;
        }
        call->s.tt = &call->own_tt;
        call->s.capot_tt = &call->own_capot_tt;
    }
    Root *r = &call->root;
    r->s = &call->s;
    r->capot_game = capot_for >= 0;
    r->follower_moves = lead >= 0;
    r->hl = to_internal(tb, h[leader]);
    r->hf = to_internal(tb, h[1 - leader]);
    r->n = popcount(h[leader]);
    r->lead = lead >= 0 ? tb->to_int[lead] : -1;
    r->R = LAST_TRICK;
    for (Mask all = r->hl | r->hf; all; all &= all - 1) r->R += tb->pts[lowbit(all)];
    if (lead >= 0) r->R += tb->pts[r->lead];
    r->mover = lead >= 0 ? 1 - leader : leader;
    root_moves(r);
    return 0;
}

/* Parse (trump, leader, hands, lead, capot_for[, memo]) into call; -1 with a
 * Python exception set on a bad position.  call_end() must follow a success. */
static int call_begin(Call *call, PyObject *args, PyObject *kwds, int with_memo) {
    static char *kwlist[] = {"trump", "leader", "hands", "lead", "capot_for", "memo", NULL};
    static char *kwlist_no_memo[] = {"trump", "leader", "hands", "lead", "capot_for", NULL};
    PyObject *trump_o, *leader_o, *hands, *lead_o = Py_None, *capot_o = Py_None, *memo_o = Py_None;
    if (!rules_set) {
        PyErr_SetString(PyExc_RuntimeError, "set_rules() must be called before a search");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, with_memo ? "OOO|OOO" : "OOO|OO",
                                     with_memo ? kwlist : kwlist_no_memo,
                                     &trump_o, &leader_o, &hands, &lead_o, &capot_o, &memo_o))
        return -1;
    int trump, leader, lead, capot_for;
    if (read_small(trump_o, "trump", 0, 3, 0, &trump) < 0) return -1;
    if (read_small(leader_o, "leader", 0, 1, 0, &leader) < 0) return -1;
    if (read_small(lead_o, "lead", 0, 31, NONE_OK | BOOL_OK, &lead) < 0) return -1;
    if (read_small(capot_o, "capot_for", 0, 1, NONE_OK, &capot_for) < 0) return -1;
    if (capot_for >= 0 && capot_for != leader) {
        PyErr_SetString(PyExc_ValueError, "capot_for must be the leader");
        return -1;
    }
    if (memo_o != Py_None && !PyObject_TypeCheck(memo_o, &MemoType)) {
        PyErr_SetString(PyExc_TypeError, "memo must be a _native.Memo or None");
        return -1;
    }
    if (!PySequence_Check(hands) || PySequence_Size(hands) != 2) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hands must be two hands");
        return -1;
    }
    Mask seen = 0, h[2];
    int count[2];
    for (int i = 0; i < 2; i++) {
        PyObject *hand = PySequence_GetItem(hands, i);
        if (!hand) return -1;
        int bad = read_hand(hand, &h[i], &seen, &count[i]);
        Py_DECREF(hand);
        if (bad) return -1;
    }
    int nl = count[leader], nf = count[1 - leader];
    if (lead < 0 ? (nl != nf || nl == 0) : (nf != nl + 1)) {
        PyErr_SetString(PyExc_ValueError, "the hands' sizes do not make a position");
        return -1;
    }
    if (lead >= 0 && (seen >> lead & 1)) {
        PyErr_Format(PyExc_ValueError, "the lead card %d is also in a hand", lead);
        return -1;
    }
    return call_root(call, trump, leader, h, lead, capot_for,
                     memo_o == Py_None ? NULL : (MemoObject *)memo_o);
}

static void call_end(Call *call) {
    tt_free(&call->own_tt);
    tt_free(&call->own_capot_tt);
}

/* Seat 0's value from the mover's points. */
static inline int for_seat0(const Root *r, int v) { return r->mover == 0 ? v : r->R - v; }

/* ------------------------------------------------------------------------
 * The functions of solver.py.
 */

/* solve(): the value and every optimal card (sorted by card int).  The first
 * move gets a full window, every other a narrow test against the best so far;
 * a dominated move is optimal only if its dominator is, and then ties it when
 * their points are equal (solver.py solve). */
static PyObject *native_solve(PyObject *self, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(&call, args, kwds, 0) < 0) return NULL;
    const Root *r = &call.root;
    const int *pts = call.s.tb->pts;
    int best = -INF;
    Mask opt = 0;  /* internal ids */
    for (int i = 0; i < r->nmoves; i++) {
        int c = r->moves[i], d = r->dom[i];
        if (d != c) {
            if ((opt >> d & 1) && (pts[d] == pts[c] || root_val(r, c, best - 1, best) >= best))
                opt |= (Mask)1 << c;
            continue;
        }
        if (!opt) {
            best = root_val(r, c, -INF, INF);
            opt = (Mask)1 << c;
            continue;
        }
        int v = root_val(r, c, best - 1, best + 1);
        if (v <= best - 1) continue;
        if (v >= best + 1) {
            best = root_val(r, c, best, INF);
            opt = (Mask)1 << c;
        } else {
            opt |= (Mask)1 << c;
        }
    }
    int value_ = for_seat0(r, best);
    Mask ext = 0;
    for (; opt; opt &= opt - 1) ext |= (Mask)1 << call.s.tb->to_ext[lowbit(opt)];
    call_end(&call);
    PyObject *cards = PyList_New(0);
    if (!cards) return NULL;
    for (; ext; ext &= ext - 1) {
        if (PyList_Append(cards, CARD_OBJECTS[lowbit(ext)]) < 0) {
            Py_DECREF(cards);
            return NULL;
        }
    }
    return Py_BuildValue("(iN)", value_, cards);
}

/* card_values(): {card: seat 0's value after it} for every legal move, by card. */
static PyObject *native_card_values(PyObject *self, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(&call, args, kwds, 0) < 0) return NULL;
    const Root *r = &call.root;
    const Tables *tb = call.s.tb;
    int by_card[32];
    Mask ext = 0;
    for (int i = 0; i < r->nmoves; i++) {
        int c = r->moves[i], d = r->dom[i], e = tb->to_ext[c];
        if (d != c && tb->pts[d] == tb->pts[c])  /* an exact equivalent, valued before */
            by_card[e] = by_card[tb->to_ext[d]];
        else
            by_card[e] = for_seat0(r, root_val(r, c, -INF, INF));
        ext |= (Mask)1 << e;
    }
    call_end(&call);
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    for (; ext; ext &= ext - 1) {
        int e = lowbit(ext);
        PyObject *v = PyLong_FromLong(by_card[e]);
        int bad = !v || PyDict_SetItem(out, CARD_OBJECTS[e], v) < 0;
        Py_XDECREF(v);
        if (bad) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

/* The value alone, seat 0's; after the first move, a null-window test per
 * move asks only whether it is better. */
static int root_value(const Root *r) {
    int best = -INF;
    for (int i = 0; i < r->nmoves; i++) {
        int c = r->moves[i];
        if (r->dom[i] != c) continue;  /* never better than its dominator */
        if (i == 0)
            best = root_val(r, c, -INF, INF);
        else if (root_val(r, c, best, best + 1) > best)
            best = root_val(r, c, best, INF);
    }
    return for_seat0(r, best);
}

/* position_value(): root_value. */
static PyObject *native_position_value(PyObject *self, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(&call, args, kwds, 1) < 0) return NULL;
    int v = root_value(&call.root);
    call_end(&call);
    return PyLong_FromLong(v);
}

/* can_capot(): can the leader take every remaining trick whatever the defence?
 * (The caller passes capot_for = leader; solver.py can_capot.) */
static PyObject *native_can_capot(PyObject *self, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(&call, args, kwds, 0) < 0) return NULL;
    const Root *r = &call.root;
    int yes;
    if (!r->capot_game) {
        call_end(&call);
        PyErr_SetString(PyExc_ValueError, "can_capot needs capot_for = the leader");
        return NULL;
    }
    if (!r->follower_moves) {  /* some lead keeps every trick */
        int goal = r->R + CAPOT_BONUS;
        yes = 0;
        for (int i = 0; i < r->nmoves && !yes; i++)
            yes = r->dom[i] == r->moves[i] && root_val(r, r->moves[i], goal - 1, goal) >= goal;
    } else {  /* every answer concedes the capot */
        yes = 1;
        for (int i = 0; i < r->nmoves && yes; i++)
            yes = r->dom[i] != r->moves[i]
                  || root_val(r, r->moves[i], -CAPOT_BONUS, 1 - CAPOT_BONUS) <= -CAPOT_BONUS;
    }
    call_end(&call);
    return PyBool_FromLong(yes);
}

/* Read an 8-int sequence into out. */
static int read_eight(PyObject *seq, int *out, int lo, int hi) {
    PyObject *fast = held_items(seq, "a rules table must be a sequence of 8 ints");
    if (!fast) return -1;
    int bad = PyTuple_GET_SIZE(fast) != 8;
    for (int i = 0; i < 8 && !bad; i++) {
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        bad = v < lo || v > hi;
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    if (bad) PyErr_SetString(PyExc_ValueError, "a rules table must hold 8 ints in range");
    return bad ? -1 : 0;
}

/* set_rules(): the card order and points of cards.py, written there once, and
 * its 32 Card objects (returned as they are, so answers print as cards). */
static PyObject *native_set_rules(PyObject *self, PyObject *args) {
    PyObject *ps, *ts, *pp, *tp, *cards;
    int last, bonus;
    if (!PyArg_ParseTuple(args, "OOOOOii:set_rules", &ps, &ts, &pp, &tp, &cards, &last, &bonus))
        return NULL;
    int a[8], b[8], c[8], d[8];
    if (read_eight(ps, a, 0, 7) < 0 || read_eight(ts, b, 0, 7) < 0
        || read_eight(pp, c, 0, 100) < 0 || read_eight(tp, d, 0, 100) < 0)
        return NULL;
    int plain_order = 0, trump_order = 0;  /* each strength once: the ids a bijection */
    for (int i = 0; i < 8; i++) {
        plain_order |= 1 << a[i];
        trump_order |= 1 << b[i];
    }
    if (plain_order != 255 || trump_order != 255 || last < 0 || last > 1000 || bonus < 0
        || bonus > 1000) {
        PyErr_SetString(PyExc_ValueError, "the strengths must order the 8 ranks and the "
                        "last trick and capot bonus be 0-1000");
        return NULL;
    }
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) != 32) {
        PyErr_SetString(PyExc_ValueError, "cards must be a tuple of the 32 cards");
        return NULL;
    }
    for (int i = 0; i < 32; i++) {
        PyObject *card = PyTuple_GET_ITEM(cards, i);
        if (!PyLong_Check(card) || PyLong_AsLongLong(card) != i) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "cards[i] must be the card int i");
            return NULL;
        }
    }
    for (int i = 0; i < 32; i++) {
        Py_INCREF(PyTuple_GET_ITEM(cards, i));
        Py_XSETREF(CARD_OBJECTS[i], PyTuple_GET_ITEM(cards, i));
    }
    memcpy(PLAIN_STRENGTH, a, sizeof a);
    memcpy(TRUMP_STRENGTH, b, sizeof b);
    memcpy(PLAIN_POINTS, c, sizeof c);
    memcpy(TRUMP_POINTS, d, sizeof d);
    LAST_TRICK = last;
    CAPOT_BONUS = bonus;
    for (int t = 0; t < 4; t++) build_trump_tables(t);
    rules_set = 1;
    Py_RETURN_NONE;
}

/* ========================================================================
 * The stock-phase playouts: fastsim.Sim.run with the tips policy
 * (heuristics.choose_card over knowledge.info_from_sim) for both seats, the
 * twin of playout.py's Python path.  Card ints here are the game's (suit * 8 +
 * rank), not the solver's internal ids, and the tables are tables.py's, handed
 * over by set_play_tables.  Every score is a double formed in the order
 * heuristics.py forms it (the knobs' ints are exact in a double), so the
 * policy picks exactly the card Python picks.
 */

static int play_tables_set = 0;
static int P_PTS[4][32], P_STR[4][32];
static Mask P_ABOVE[4][32], P_BEATERS[4][32];
static int P_KING, P_QUEEN, P_TRICKS;
/* the hand's scoring (cards.py, fastsim.py): last trick, capot, a hand, belote */
static long long P_LAST_TRICK, P_CAPOT_POINTS, P_HAND_POINTS, P_BELOTE_BONUS;
#define FULL_MASK 0xFFFFFFFFu
#define SUIT_MASK(s) ((Mask)0xFF << (8 * (s)))

/* The tips' knobs (levels.PlayKnobs), as playout.py packs them. */
typedef struct {
    double keep_trump[8], keep_plain[8];
    double belote_keep, master_bonus, win_bonus, lead_trump_penalty, short_suit_bonus,
        force_trump_bonus;
    int count_plain;
} Knobs;

/* A Sim's state (fastsim.Sim's slots); hands keep their order, which breaks
 * the policy's ties. */
typedef struct {
    int trump, taker;
    int hand[2][32], nhand[2];
    Mask masks[2];
    int stock[32], nstock;  /* popped from the end, as Sim.stock */
    long long pts[2], won[2];
    int ntricks, leader, lead, belote, last_winner;
    Mask gone, known[2];
} Sim;

/* What a seat knows (knowledge.Info), for the policy. */
typedef struct {
    const int *hand;
    int nhand, trump, lead, strict, opp_count, belote_pair;
    Mask hand_mask, unseen, opp_known;
} Info;

/* knowledge.info_from_sim (count_trumps left on, as the playouts call it). */
static void info_from_sim(const Sim *sim, int seat, int count_plain, Info *info) {
    int other = 1 - seat;
    Mask mine = sim->masks[seat], unseen, known;
    if (sim->nstock) {
        unseen = FULL_MASK & ~sim->gone & ~mine;
        known = sim->known[other] & ~sim->gone;
    } else {
        unseen = known = sim->masks[other];
    }
    info->hand = sim->hand[seat];
    info->nhand = sim->nhand[seat];
    info->hand_mask = mine;
    info->trump = sim->trump;
    info->lead = sim->lead;
    info->strict = sim->nstock == 0;
    info->opp_known = known;
    info->opp_count = sim->nhand[other];
    Mask pair = ((Mask)1 << (sim->trump * 8 + P_KING)) | ((Mask)1 << (sim->trump * 8 + P_QUEEN));
    info->belote_pair = (mine & pair) == pair;
    if (!count_plain && sim->nstock) {  /* knowledge.forget, trumps still counted */
        Mask forgotten = FULL_MASK & ~SUIT_MASK(sim->trump) & ~mine;
        if (sim->lead >= 0) forgotten &= ~((Mask)1 << sim->lead);
        unseen = (unseen & ~forgotten & SUIT_MASK(sim->trump)) | forgotten;
    }
    info->unseen = unseen;
}

/* heuristics.keep_value */
static double keep_value(int c, const Info *info, const Knobs *k) {
    int rank = c & 7;
    double value;
    if (c >> 3 == info->trump) {
        value = k->keep_trump[rank];
        if (info->belote_pair && (rank == P_KING || rank == P_QUEEN)) value += k->belote_keep;
        return value;
    }
    value = k->keep_plain[rank];
    if (!(info->unseen & P_ABOVE[info->trump][c])) value += k->master_bonus;
    return value;
}

/* heuristics._beat_chance (pow as Python's float ** int: the C library's pow) */
static double beat_chance(int c, const Info *info) {
    Mask beaters = P_BEATERS[info->trump][c] & info->unseen;
    if (!beaters) return 0.0;
    if (info->strict) return 1.0;
    if (beaters & info->opp_known) return 1.0;
    int unseen = popcount(info->unseen);
    int held = info->opp_count - popcount(info->opp_known);
    if (unseen <= 0 || held <= 0) return 0.0;
    double share = (double)held / (double)unseen;
    return 1.0 - pow(1.0 - share, (double)popcount(beaters));
}

/* heuristics._best's tie-break: is c (score equal) preferred to best? */
static inline int weaker(int trump, int c, int best, int by_card) {
    const int *st = P_STR[trump];
    if (by_card) return st[c] < st[best] || (st[c] == st[best] && c < best);
    return st[c] < st[best];
}

/* heuristics.follow_card over the legal answers (follow_scores, _best). */
static int follow_card(const Info *info, const int *legal, int n, const Knobs *k) {
    int trump = info->trump, lead = info->lead;
    const int *pts = P_PTS[trump];
    Mask beaters = P_BEATERS[trump][lead];
    int best = -1;
    double best_score = 0.0;
    for (int i = 0; i < n; i++) {
        int c = legal[i], gain = pts[lead] + pts[c];
        double score = (beaters >> c & 1) ? gain + k->win_bonus : (double)-gain;
        score = score - keep_value(c, info, k);
        if (best < 0 || score > best_score
            || (score == best_score && weaker(trump, c, best, 0))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* heuristics.lead_card_stock (lead_scores_stock, _best by card). */
static int lead_card_stock(const Info *info, const Knobs *k) {
    int trump = info->trump, lengths[4] = {0, 0, 0, 0}, best = -1;
    double best_score = 0.0;
    for (int i = 0; i < info->nhand; i++) lengths[info->hand[i] >> 3]++;
    for (int i = 0; i < info->nhand; i++) {
        int c = info->hand[i];
        double p = beat_chance(c, info);
        double score = product(P_PTS[trump][c], 1.0 - product(2.0, p)) - keep_value(c, info, k);
        if (c >> 3 == trump)
            score -= k->lead_trump_penalty;
        else
            score += product(k->short_suit_bonus, 8 - lengths[c >> 3]);
        if (best < 0 || score > best_score
            || (score == best_score && weaker(trump, c, best, 1))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* heuristics.lead_card_strict: draw trumps with a master, cash sure winners
 * once the other has no trump, else the best-scored lead. */
static int lead_card_strict(const Info *info, const Knobs *k) {
    int trump = info->trump, best = -1;
    const int *st = P_STR[trump], *pts = P_PTS[trump];
    Mask opp = info->unseen, opp_t = opp & SUIT_MASK(trump);
    int has_trump = (info->hand_mask & SUIT_MASK(trump)) != 0;
    if (has_trump && opp_t) {
        int top_opp = -1;
        for (Mask m = opp_t; m; m &= m - 1)
            if (st[lowbit(m)] > top_opp) top_opp = st[lowbit(m)];
        for (int i = 0; i < info->nhand; i++) {  /* the weakest master trump */
            int c = info->hand[i];
            if (c >> 3 == trump && st[c] > top_opp && (best < 0 || st[c] < st[best])) best = c;
        }
        if (best >= 0) return best;
    }
    if (!opp_t) {  /* the surest winner worth most */
        for (int i = 0; i < info->nhand; i++) {
            int c = info->hand[i];
            if (P_BEATERS[trump][c] & opp) continue;
            if (best < 0 || pts[c] > pts[best] || (pts[c] == pts[best]
                    && (st[c] > st[best] || (st[c] == st[best] && c > best))))
                best = c;
        }
        if (best >= 0) return best;
    }
    double best_score = 0.0;
    for (int i = 0; i < info->nhand; i++) {
        int c = info->hand[i];
        double lost = (P_BEATERS[trump][c] & opp) ? 1.0 : 0.0;
        double score = product(-pts[c], lost) - keep_value(c, info, k);
        if (c >> 3 != trump && !(opp & SUIT_MASK(c >> 3)) && opp_t)
            score += k->force_trump_bonus;  /* the other hand must spend a trump */
        if (best < 0 || score > best_score
            || (score == best_score && weaker(trump, c, best, 1))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* rules.legal_follows (strict play), in hand order; the count. */
static int legal_follows(const Info *info, int *out) {
    int trump = info->trump, lead = info->lead, suit = lead >> 3, n = 0;
    for (int i = 0; i < info->nhand; i++)
        if (info->hand[i] >> 3 == suit) out[n++] = info->hand[i];
    if (suit == trump && n) {
        int higher = 0;
        for (int i = 0; i < n; i++)
            if (P_STR[trump][out[i]] > P_STR[trump][lead]) out[higher++] = out[i];
        return higher ? higher : n;
    }
    if (n) return n;
    for (int i = 0; i < info->nhand; i++)
        if (info->hand[i] >> 3 == trump) out[n++] = info->hand[i];
    if (n) return n;
    memcpy(out, info->hand, (size_t)info->nhand * sizeof(int));
    return info->nhand;
}

/* --- the learned playout policy (evaluator.py): whole numbers only --- */

#define NET_CARDS 32
#define NET_SCALARS 6
#define NET_FEATURES (4 * NET_CARDS + NET_SCALARS)
#define NET_HIDDEN 64

typedef struct {
    int32_t w1[NET_FEATURES * NET_HIDDEN], b1[NET_HIDDEN];
    int32_t w2[NET_HIDDEN * NET_CARDS], b2[NET_CARDS];
} Net;

/* A network is an immutable value (a _native.Net, its weights read once
 * when it is made) handed to each playout that plays with it: the core keeps
 * no network between calls, so no thread can change the weights another's
 * playouts read. */
typedef struct {
    PyObject_HEAD
    Net net;
} NetObject;

/* evaluator.CANON: the trump suit first, the others in order. */
static inline int net_canon(int trump, int c) {
    int s = c >> 3;
    int place = s == trump ? 0 : (s < trump ? s + 1 : s);
    return place * 8 + (c & 7);
}

static inline void net_add_row(const Net *net, int64_t *h, int row, int64_t times) {
    const int32_t *w = &net->w1[row * NET_HIDDEN];
    for (int j = 0; j < NET_HIDDEN; j++) h[j] += times * w[j];
}

static void net_add_cards(const Net *net, int64_t *h, Mask cards, int trump, int offset) {
    while (cards) {
        int c = lowbit(cards);
        cards &= cards - 1;
        net_add_row(net, h, offset + net_canon(trump, c), 1);
    }
}

/* evaluator.net_card for the stock phase (every card of the hand legal). */
static int net_card(const Net *net, const Sim *sim, int seat, const Info *info) {
    int trump = sim->trump, other = 1 - seat;
    int64_t h[NET_HIDDEN];
    for (int j = 0; j < NET_HIDDEN; j++) h[j] = net->b1[j];
    net_add_cards(net, h, info->hand_mask, trump, 0);
    net_add_cards(net, h, info->unseen, trump, NET_CARDS);
    net_add_cards(net, h, info->opp_known, trump, 2 * NET_CARDS);
    if (info->lead >= 0) net_add_row(net, h, 3 * NET_CARDS + net_canon(trump, info->lead), 1);
    int64_t scalars[NET_SCALARS] = {sim->taker == seat, sim->nstock, sim->pts[seat] / 10,
                                    sim->pts[other] / 10, info->belote_pair, sim->ntricks};
    for (int k = 0; k < NET_SCALARS; k++)
        if (scalars[k]) net_add_row(net, h, 4 * NET_CARDS + k, scalars[k]);
    int best = -1;
    int64_t best_score = 0;
    for (int i = 0; i < info->nhand; i++) {
        int c = info->hand[i], k = net_canon(trump, c);
        int64_t score = net->b2[k];
        for (int j = 0; j < NET_HIDDEN; j++)
            if (h[j] > 0) score += (int64_t)net->w2[j * NET_CARDS + k] * h[j];
        if (best < 0 || score > best_score
            || (score == best_score && (P_STR[trump][c] < P_STR[trump][best]
                                        || (P_STR[trump][c] == P_STR[trump][best] && c < best)))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* heuristics.choose_card: the tips' card for the seat to move (net, if not
 * NULL, plays the stock phase). */
static int choose_card(const Sim *sim, int seat, const Knobs *k, const Net *net) {
    Info info;
    info_from_sim(sim, seat, k->count_plain, &info);
    if (net && !info.strict) return net_card(net, sim, seat, &info);
    if (info.lead >= 0) {
        if (!info.strict) return follow_card(&info, info.hand, info.nhand, k);
        int legal[32];
        int n = legal_follows(&info, legal);
        return follow_card(&info, legal, n, k);
    }
    return info.strict ? lead_card_strict(&info, k) : lead_card_stock(&info, k);
}

/* fastsim.Sim.play: c leaves the mover's hand; a trick's end scores it and
 * deals the stock's next two cards (winner first). */
static void sim_play(Sim *sim, int c) {
    int seat = sim->lead < 0 ? sim->leader : 1 - sim->leader;
    int *hand = sim->hand[seat];
    for (int i = 0; i < sim->nhand[seat]; i++) {
        if (hand[i] == c) {
            memmove(&hand[i], &hand[i + 1], (size_t)(sim->nhand[seat] - i - 1) * sizeof(int));
            sim->nhand[seat]--;
            break;
        }
    }
    sim->masks[seat] ^= (Mask)1 << c;
    sim->gone |= (Mask)1 << c;
    int trump = sim->trump;
    if (c >> 3 == trump && ((c & 7) == P_KING || (c & 7) == P_QUEEN)) {
        int partner = (c & ~7) | ((c & 7) == P_KING ? P_QUEEN : P_KING);
        if (sim->masks[seat] >> partner & 1) {
            sim->belote = seat;
            sim->known[seat] |= (Mask)1 << partner;
        }
    }
    if (sim->lead < 0) {
        sim->lead = c;
        return;
    }
    int lead = sim->lead;
    int winner = (P_BEATERS[trump][lead] >> c & 1) ? seat : sim->leader;
    sim->pts[winner] += P_PTS[trump][lead] + P_PTS[trump][c];
    sim->won[winner] += 1;
    sim->ntricks += 1;
    sim->lead = -1;
    sim->leader = sim->last_winner = winner;
    if (sim->nstock >= 2) {
        int first = sim->stock[--sim->nstock], second = sim->stock[--sim->nstock];
        sim->hand[winner][sim->nhand[winner]++] = first;
        sim->hand[1 - winner][sim->nhand[1 - winner]++] = second;
        sim->masks[winner] |= (Mask)1 << first;
        sim->masks[1 - winner] |= (Mask)1 << second;
    }
}

/* fastsim.Sim.run with the tips for both seats; -1 (a ValueError set) if a
 * seat to move has no card (a Sim whose hands and stock do not add up). */
static int sim_run(Sim *sim, const Knobs *k, int until_cards, const Net *net) {
    while (sim->ntricks < P_TRICKS) {
        if (until_cards && sim->lead < 0 && !sim->nstock && sim->nhand[0] <= until_cards) return 0;
        int seat = sim->lead < 0 ? sim->leader : 1 - sim->leader;
        if (!sim->nhand[seat]) {
            PyErr_SetString(PyExc_ValueError, "Sim: the seat to move holds no card");
            return -1;
        }
        sim_play(sim, choose_card(sim, seat, k, net));
    }
    return 0;
}

/* --- the boundary: a Python Sim read in, checked, and written back --- */

/* getattr(obj, name) as a C long long in [lo, hi] (a long is 32 bits on Windows: too short for a mask); -1 with an error set if not. */
static int get_long(PyObject *obj, const char *name, long long lo, long long hi, long long *out) {
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v) return -1;
    long long x = PyLong_Check(v) ? PyLong_AsLongLong(v) : lo - 1;
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) PyErr_Clear();
    if (x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "Sim.%s is out of range", name);
        return -1;
    }
    *out = x;
    return 0;
}

/* A list of cards into out (at most 32), marking them in *seen; -1 on a
 * non-card, a card seen before or a list too long. */
static int get_cards(PyObject *list, const char *name, int *out, int *n, Mask *seen) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) > 32) {
        PyErr_Format(PyExc_ValueError, "Sim.%s must be a list of at most 32 cards", name);
        return -1;
    }
    *n = (int)PyList_GET_SIZE(list);
    for (int i = 0; i < *n; i++) {
        PyObject *item = PyList_GET_ITEM(list, i);
        long long c = PyLong_Check(item) ? PyLong_AsLongLong(item) : -1;
        if (c == -1 && PyErr_Occurred()) PyErr_Clear();
        if (c < 0 || c > 31 || (*seen >> c & 1)) {
            PyErr_Format(PyExc_ValueError, "Sim.%s holds %R: not a card, or a card twice",
                         name, item);
            return -1;
        }
        *seen |= (Mask)1 << c;
        out[i] = (int)c;
    }
    return 0;
}

/* The pair attribute name (two ints) into out[2]. */
static int get_pair(PyObject *obj, const char *name, long long lo, long long hi, long long *out) {
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v) return -1;
    int bad = !PyList_Check(v) || PyList_GET_SIZE(v) != 2;
    for (int i = 0; i < 2 && !bad; i++) {
        PyObject *x = PyList_GET_ITEM(v, i);
        out[i] = PyLong_Check(x) ? PyLong_AsLongLong(x) : lo - 1;
        if (out[i] == -1 && PyErr_Occurred()) PyErr_Clear();
        bad = out[i] < lo || out[i] > hi;
    }
    Py_DECREF(v);
    if (bad) PyErr_Format(PyExc_ValueError, "Sim.%s must be two ints in range", name);
    return bad ? -1 : 0;
}

/* Read a fastsim.Sim; its hands' masks are rebuilt from the hands (so they
 * agree by construction).  The cards of the hands and the stock must be
 * distinct and none may be gone. */
static int read_sim(PyObject *obj, Sim *sim) {
    long long v[2];
    long long trump, taker, ntricks, leader, lead, belote, last_winner, gone;
    if (get_long(obj, "trump", 0, 3, &trump) < 0 || get_long(obj, "taker", 0, 1, &taker) < 0
        || get_long(obj, "ntricks", 0, 16, &ntricks) < 0
        || get_long(obj, "leader", 0, 1, &leader) < 0 || get_long(obj, "lead", -1, 31, &lead) < 0
        || get_long(obj, "belote", -1, 1, &belote) < 0
        || get_long(obj, "last_winner", -1, 1, &last_winner) < 0
        || get_long(obj, "gone", 0, (long long)FULL_MASK, &gone) < 0)
        return -1;
    sim->trump = (int)trump;
    sim->taker = (int)taker;
    sim->ntricks = (int)ntricks;
    sim->leader = (int)leader;
    sim->lead = (int)lead;
    sim->belote = (int)belote;
    sim->last_winner = (int)last_winner;
    sim->gone = (Mask)gone;
    if (get_pair(obj, "pts", -100000, 100000, v) < 0) return -1;
    sim->pts[0] = v[0];
    sim->pts[1] = v[1];
    if (get_pair(obj, "won", 0, 16, v) < 0) return -1;
    sim->won[0] = v[0];
    sim->won[1] = v[1];
    if (get_pair(obj, "known", 0, (long long)FULL_MASK, v) < 0) return -1;
    sim->known[0] = (Mask)v[0];
    sim->known[1] = (Mask)v[1];
    Mask seen = sim->gone;
    PyObject *hands = PyObject_GetAttrString(obj, "hands");
    if (!hands) return -1;
    int bad = !PyList_Check(hands) || PyList_GET_SIZE(hands) != 2;
    if (bad) PyErr_SetString(PyExc_ValueError, "Sim.hands must be two lists");
    for (int s = 0; s < 2 && !bad; s++) {
        bad = get_cards(PyList_GET_ITEM(hands, s), "hands", sim->hand[s], &sim->nhand[s], &seen)
              < 0;
        sim->masks[s] = 0;
        for (int i = 0; !bad && i < sim->nhand[s]; i++) sim->masks[s] |= (Mask)1 << sim->hand[s][i];
    }
    Py_DECREF(hands);
    if (bad) return -1;
    PyObject *stock = PyObject_GetAttrString(obj, "stock");
    if (!stock) return -1;
    bad = get_cards(stock, "stock", sim->stock, &sim->nstock, &seen) < 0;
    Py_DECREF(stock);
    if (bad) return -1;
    if (sim->lead >= 0 && !(sim->gone >> sim->lead & 1)) {
        PyErr_SetString(PyExc_ValueError, "Sim.lead must be a card gone");
        return -1;
    }
    /* every trick to come needs a card from each hand: 2 per trick in all */
    int cards = sim->nhand[0] + sim->nhand[1] + sim->nstock + (sim->lead >= 0);
    if (sim->nstock % 2 || cards != 2 * (P_TRICKS - sim->ntricks)
        || sim->nhand[0] + (sim->lead >= 0 && sim->leader == 0)
               != sim->nhand[1] + (sim->lead >= 0 && sim->leader == 1)) {
        PyErr_SetString(PyExc_ValueError, "Sim's hands, stock and tricks do not add up");
        return -1;
    }
    return 0;
}

/* A new list of n ints. */
static PyObject *int_list(const long long *xs, int n) {
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *x = PyLong_FromLongLong(xs[i]);
        if (!x) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, x);
    }
    return list;
}

/* setattr(obj, name, value), consuming value's reference. */
static int set_attr(PyObject *obj, const char *name, PyObject *value) {
    if (!value) return -1;
    int rc = PyObject_SetAttrString(obj, name, value);
    Py_DECREF(value);
    return rc;
}

/* Write sim back into the Python Sim obj. */
static int write_sim(PyObject *obj, const Sim *sim) {
    long long h0[32], h1[32], st[32];
    for (int i = 0; i < sim->nhand[0]; i++) h0[i] = sim->hand[0][i];
    for (int i = 0; i < sim->nhand[1]; i++) h1[i] = sim->hand[1][i];
    for (int i = 0; i < sim->nstock; i++) st[i] = sim->stock[i];
    long long masks[2] = {(long long)sim->masks[0], (long long)sim->masks[1]};
    long long known[2] = {(long long)sim->known[0], (long long)sim->known[1]};
    PyObject *l0 = int_list(h0, sim->nhand[0]), *l1 = int_list(h1, sim->nhand[1]);
    PyObject *hands = l0 && l1 ? Py_BuildValue("[NN]", l0, l1) : NULL;
    if (!hands) {
        Py_XDECREF(l0);
        Py_XDECREF(l1);
        return -1;
    }
    if (set_attr(obj, "hands", hands) < 0 || set_attr(obj, "masks", int_list(masks, 2)) < 0
        || set_attr(obj, "stock", int_list(st, sim->nstock)) < 0
        || set_attr(obj, "pts", int_list(sim->pts, 2)) < 0
        || set_attr(obj, "won", int_list(sim->won, 2)) < 0
        || set_attr(obj, "known", int_list(known, 2)) < 0
        || set_attr(obj, "ntricks", PyLong_FromLong(sim->ntricks)) < 0
        || set_attr(obj, "leader", PyLong_FromLong(sim->leader)) < 0
        || set_attr(obj, "lead", PyLong_FromLong(sim->lead)) < 0
        || set_attr(obj, "gone", PyLong_FromUnsignedLong(sim->gone)) < 0
        || set_attr(obj, "belote", PyLong_FromLong(sim->belote)) < 0
        || set_attr(obj, "last_winner", PyLong_FromLong(sim->last_winner)) < 0)
        return -1;
    return 0;
}

/* playout.py's packed knobs (a tuple: 22 numbers and count_plain) into k. */
static int read_knobs(PyObject *knobs_o, Knobs *k) {
    if (PyTuple_GET_SIZE(knobs_o) != 23) {
        PyErr_SetString(PyExc_ValueError, "knobs must be 22 numbers and count_plain");
        return -1;
    }
    double x[22];
    for (int i = 0; i < 22; i++) {
        x[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(knobs_o, i));
        if (x[i] == -1.0 && PyErr_Occurred()) return -1;
    }
    memcpy(k->keep_trump, x, sizeof k->keep_trump);
    memcpy(k->keep_plain, x + 8, sizeof k->keep_plain);
    k->belote_keep = x[16];
    k->master_bonus = x[17];
    k->win_bonus = x[18];
    k->lead_trump_penalty = x[19];
    k->short_suit_bonus = x[20];
    k->force_trump_bonus = x[21];
    k->count_plain = PyObject_IsTrue(PyTuple_GET_ITEM(knobs_o, 22));
    return k->count_plain < 0 ? -1 : 0;
}

static PyTypeObject NetType;

/* The network of net_o (a _native.Net, or None: NULL) into *net; -1 with
 * TypeError set if it is neither.  The caller's argument holds the object
 * (and so its weights) for the whole call. */
static int read_net(PyObject *net_o, const Net **net) {
    if (net_o == Py_None) {
        *net = NULL;
        return 0;
    }
    if (!PyObject_TypeCheck(net_o, &NetType)) {
        PyErr_SetString(PyExc_TypeError, "net must be a _native.Net or None");
        return -1;
    }
    *net = &((NetObject *)net_o)->net;
    return 0;
}

/* run_tips(sim, knobs, until_cards, net=None): playout.run_tips, compiled. */
static PyObject *native_run_tips(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"sim", "knobs", "until_cards", "net", NULL};
    PyObject *obj, *knobs_o, *net_o = Py_None;
    int until_cards;
    const Net *net;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO!i|O:run_tips", kwlist, &obj, &PyTuple_Type,
                                     &knobs_o, &until_cards, &net_o))
        return NULL;
    if (!play_tables_set) {
        PyErr_SetString(PyExc_RuntimeError, "set_play_tables() must be called before a playout");
        return NULL;
    }
    Knobs k;
    if (read_net(net_o, &net) < 0 || read_knobs(knobs_o, &k) < 0) return NULL;
    Sim sim;
    if (read_sim(obj, &sim) < 0 || sim_run(&sim, &k, until_cards, net) < 0
        || write_sim(obj, &sim) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* --- whole playouts, scored: playout.py's playouts(), compiled --- */

/* fastsim._scored: the scores from trick points (last trick included) and
 * the belote seat (-1: none); a taker behind goes dedans. */
static void scored(int taker, const long long trick[2], int belote, int capot, long long out[2]) {
    long long total[2] = {trick[0], trick[1]};
    if (belote >= 0) total[belote] += P_BELOTE_BONUS;
    int defender = 1 - taker;
    if (total[taker] >= total[defender]) {
        out[0] = total[0];
        out[1] = total[1];
        return;
    }
    out[defender] = (capot == defender ? P_CAPOT_POINTS : P_HAND_POINTS)
                    + (belote == defender ? P_BELOTE_BONUS : 0);
    out[taker] = belote == taker ? P_BELOTE_BONUS : 0;
}

/* fastsim.Sim.scores (hand_scores): a finished hand's scores. */
static void sim_scores(const Sim *sim, long long out[2]) {
    long long trick[2] = {sim->pts[0], sim->pts[1]};
    int capot = -1;
    if (sim->won[0] == P_TRICKS || sim->won[1] == P_TRICKS) {
        capot = sim->won[0] == P_TRICKS ? 0 : 1;
        trick[0] = trick[1] = 0;
        trick[capot] = P_CAPOT_POINTS;
    } else {
        trick[sim->last_winner] += P_LAST_TRICK;
    }
    scored(sim->taker, trick, sim->belote, capot, out);
}

/* fastsim.Sim.solved_scores at a strict trick start (or the hand's end):
 * the solver from here, the capot game for a seat that has won every trick
 * if play_for_capot; -1 with MemoryError set. */
static int sim_solved_scores(const Sim *sim, int play_for_capot, MemoObject *memo, long long out[2]) {
    if (sim->ntricks == P_TRICKS) {
        sim_scores(sim, out);
        return 0;
    }
    int leader = sim->leader, trump = sim->trump;
    int capot_for = play_for_capot && sim->ntricks > 0 && sim->won[leader] == sim->ntricks
                    ? leader : -1;
    Call call;
    if (call_root(&call, trump, leader, sim->masks, -1, capot_for, memo) < 0) return -1;
    long long value = root_value(&call.root);
    call_end(&call);
    long long rest = P_LAST_TRICK;
    for (Mask all = sim->masks[0] | sim->masks[1]; all; all &= all - 1)
        rest += P_PTS[trump][lowbit(all)];
    int capot = -1;
    if (capot_for >= 0) {
        long long mine = capot_for == 0 ? value : rest - value;  /* the capot seat's worth */
        if (mine == rest + CAPOT_BONUS) capot = capot_for;
    }
    long long points[2] = {0, 0};
    if (capot >= 0)
        points[capot] = P_CAPOT_POINTS;
    else {
        points[0] = sim->pts[0] + value;
        points[1] = sim->pts[1] + rest - value;
    }
    int belote = sim->belote;
    Mask pair = ((Mask)1 << (trump * 8 + P_KING)) | ((Mask)1 << (trump * 8 + P_QUEEN));
    for (int seat = 0; belote < 0 && seat < 2; seat++)
        if ((sim->masks[seat] & pair) == pair) belote = seat;
    scored(sim->taker, points, belote, capot, out);
    return 0;
}

/* A line of cards to play on every base, read before any is played. */
typedef struct {
    int n;
    int8_t cards[32];
} Line;

/* Read a line (a tuple of at most 32 card ints) into *out; -1 with an error
 * set if it is not one. */
static int read_line(PyObject *line, Line *out) {
    if (!PyTuple_Check(line) || PyTuple_GET_SIZE(line) > 32) {
        PyErr_SetString(PyExc_TypeError, "a line must be a tuple of at most 32 cards");
        return -1;
    }
    out->n = (int)PyTuple_GET_SIZE(line);
    for (int i = 0; i < out->n; i++) {
        PyObject *item = PyTuple_GET_ITEM(line, i);
        long long c = PyLong_Check(item) ? PyLong_AsLongLong(item) : -1;  /* an int (a bool too) */
        if (c == -1 && PyErr_Occurred()) PyErr_Clear();
        if (c < 0 || c > 31) {
            PyErr_Format(PyExc_ValueError, "%R in a line is not a card (an int 0-31)", item);
            return -1;
        }
        out->cards[i] = (int8_t)c;
    }
    return 0;
}

/* Play the cards of line on sim, each from the hand of the seat to move; -1
 * with ValueError set if one is not there. */
static int play_line(Sim *sim, const Line *line) {
    for (int i = 0; i < line->n; i++) {
        int c = line->cards[i], seat = sim->lead < 0 ? sim->leader : 1 - sim->leader;
        if (!(sim->masks[seat] >> c & 1) || sim->ntricks >= P_TRICKS) {
            PyErr_Format(PyExc_ValueError, "card %d is not in the hand of the seat to move", c);
            return -1;
        }
        sim_play(sim, c);
    }
    return 0;
}

/* playouts(bases, lines, knobs, until_cards, play_for_capot, memo): for each
 * line, for each base, a copy of the base with the line's cards played, then
 * the tips to the end or to until_cards (then the solver): its two scores. */
static PyObject *native_playouts(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"bases", "lines", "knobs", "until_cards", "play_for_capot", "memo",
                             "net", NULL};
    PyObject *bases_o, *lines_o, *knobs_o, *memo_o, *net_o = Py_None;
    int until_cards, play_for_capot;
    const Net *net;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO!ipO|O:playouts", kwlist, &bases_o,
                                     &lines_o, &PyTuple_Type, &knobs_o, &until_cards,
                                     &play_for_capot, &memo_o, &net_o))
        return NULL;
    if (!play_tables_set || !rules_set) {
        PyErr_SetString(PyExc_RuntimeError, "set_rules() and set_play_tables() come first");
        return NULL;
    }
    if (read_net(net_o, &net) < 0) return NULL;
    if (memo_o != Py_None && !PyObject_TypeCheck(memo_o, &MemoType)) {
        PyErr_SetString(PyExc_TypeError, "memo must be a _native.Memo or None");
        return NULL;
    }
    MemoObject *memo = memo_o == Py_None ? NULL : (MemoObject *)memo_o;
    Knobs k;
    if (read_knobs(knobs_o, &k) < 0) return NULL;
    /* Everything is read into C before anything is played: a base's
     * __getattr__ or a card's conversion runs Python code, which must find
     * nothing of ours half-read (held_items: the sequences held). */
    PyObject *base_items = held_items(bases_o, "bases must be a sequence of Sims");
    if (!base_items) return NULL;
    PyObject *line_items = held_items(lines_o, "lines must be a sequence of tuples");
    if (!line_items) {
        Py_DECREF(base_items);
        return NULL;
    }
    Py_ssize_t nb = PyTuple_GET_SIZE(base_items), nl = PyTuple_GET_SIZE(line_items);
    Sim *bases = PyMem_New(Sim, nb > 0 ? nb : 1);
    Line *lines = PyMem_New(Line, nl > 0 ? nl : 1);
    PyObject *out = NULL;
    if (!bases || !lines || (nl && nb > PY_SSIZE_T_MAX / nl)) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t b = 0; b < nb; b++)
        if (read_sim(PyTuple_GET_ITEM(base_items, b), &bases[b]) < 0) goto done;
    for (Py_ssize_t i = 0; i < nl; i++)
        if (read_line(PyTuple_GET_ITEM(line_items, i), &lines[i]) < 0) goto done;
    out = PyList_New(nb * nl);
    if (!out) goto done;
    for (Py_ssize_t i = 0; i < nl; i++) {
        for (Py_ssize_t b = 0; b < nb; b++) {
            Sim sim = bases[b];
            long long sc[2];
            if (play_line(&sim, &lines[i]) < 0 || sim_run(&sim, &k, until_cards, net) < 0)
                goto fail;
            if (until_cards) {
                if (sim_solved_scores(&sim, play_for_capot, memo, sc) < 0) goto fail;
            } else {
                sim_scores(&sim, sc);
            }
            PyObject *pair = Py_BuildValue("(LL)", sc[0], sc[1]);
            if (!pair) goto fail;
            PyList_SET_ITEM(out, i * nb + b, pair);
        }
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    PyMem_Free(bases);
    PyMem_Free(lines);
    Py_DECREF(base_items);
    Py_DECREF(line_items);
    return out;
}

/* Read a 4 x 32 table of ints (tables.py's PTS, STR, ABOVE, BEATERS). */
static int read_table(PyObject *seq, long long out[4][32]) {
    PyObject *fast = held_items(seq, "a play table must be 4 rows of 32 ints");
    if (!fast) return -1;
    int bad = PyTuple_GET_SIZE(fast) != 4;
    for (int t = 0; t < 4 && !bad; t++) {
        PyObject *row = held_items(PyTuple_GET_ITEM(fast, t), "a row of 32 ints");
        bad = !row || PyTuple_GET_SIZE(row) != 32;
        for (int c = 0; c < 32 && !bad; c++) {
            out[t][c] = PyLong_AsLongLong(PyTuple_GET_ITEM(row, c));
            bad = (out[t][c] == -1 && PyErr_Occurred()) || out[t][c] < 0
                  || out[t][c] > (long long)FULL_MASK;
        }
        Py_XDECREF(row);
    }
    Py_DECREF(fast);
    if (bad) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "a play table must be 4 rows of 32 ints in range");
    }
    return bad ? -1 : 0;
}

/* set_play_tables(): tables.py's tables and the ranks and trick count the
 * playouts need, written there once. */
static PyObject *native_set_play_tables(PyObject *self, PyObject *args) {
    PyObject *pts, *str, *above, *beaters;
    int king, queen, tricks, last_trick, capot_points, hand_points, belote_bonus;
    if (!PyArg_ParseTuple(args, "OOOOiiiiiii:set_play_tables", &pts, &str, &above, &beaters,
                          &king, &queen, &tricks, &last_trick, &capot_points, &hand_points,
                          &belote_bonus))
        return NULL;
    long long t[4][4][32];  /* on the stack: a nested call has its own */
    if (read_table(pts, t[0]) < 0 || read_table(str, t[1]) < 0 || read_table(above, t[2]) < 0
        || read_table(beaters, t[3]) < 0)
        return NULL;
    if (king < 0 || king > 7 || queen < 0 || queen > 7 || tricks < 1 || tricks > 16) {
        PyErr_SetString(PyExc_ValueError, "ranks are 0-7, tricks 1-16");
        return NULL;
    }
    if (last_trick < 0 || capot_points < 0 || hand_points < 0 || belote_bonus < 0
        || last_trick > 1000 || capot_points > 1000 || hand_points > 1000 || belote_bonus > 1000) {
        PyErr_SetString(PyExc_ValueError, "the scoring points are 0-1000");
        return NULL;
    }
    P_LAST_TRICK = last_trick;
    P_CAPOT_POINTS = capot_points;
    P_HAND_POINTS = hand_points;
    P_BELOTE_BONUS = belote_bonus;
    for (int tr = 0; tr < 4; tr++) {
        for (int c = 0; c < 32; c++) {
            P_PTS[tr][c] = (int)t[0][tr][c];
            P_STR[tr][c] = (int)t[1][tr][c];
            P_ABOVE[tr][c] = (Mask)t[2][tr][c];
            P_BEATERS[tr][c] = (Mask)t[3][tr][c];
        }
    }
    P_KING = king;
    P_QUEEN = queen;
    P_TRICKS = tricks;
    play_tables_set = 1;
    Py_RETURN_NONE;
}

/* Read exactly n ints of |x| < 2^15 from a sequence. */
static int read_weights(PyObject *seq, int32_t *out, Py_ssize_t n) {
    PyObject *fast = held_items(seq, "weights must be a sequence of ints");
    if (!fast) return -1;
    int bad = PyTuple_GET_SIZE(fast) != n;
    for (Py_ssize_t i = 0; i < n && !bad; i++) {
        long long x = PyLong_AsLongLong(PyTuple_GET_ITEM(fast, i));
        bad = (x == -1 && PyErr_Occurred()) || x <= -32768 || x >= 32768;
        out[i] = (int32_t)x;
    }
    Py_DECREF(fast);
    if (bad) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "weights: the network's shape, ints in -32767..32767");
    }
    return bad ? -1 : 0;
}

/* Net(w1, b1, w2, b2): evaluator.Net's weights, read once into a new
 * immutable object (there is nothing to change them with: a new network is a
 * new object). */
static PyObject *Net_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"w1", "b1", "w2", "b2", NULL};
    PyObject *w1, *b1, *w2, *b2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO:Net", kwlist, &w1, &b1, &w2, &b2))
        return NULL;
    NetObject *self = (NetObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    Net *net = &self->net;
    if (read_weights(w1, net->w1, NET_FEATURES * NET_HIDDEN) < 0
        || read_weights(b1, net->b1, NET_HIDDEN) < 0
        || read_weights(w2, net->w2, NET_HIDDEN * NET_CARDS) < 0
        || read_weights(b2, net->b2, NET_CARDS) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static PyTypeObject NetType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "belote2p.ai._native.Net",
    .tp_basicsize = sizeof(NetObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Net(w1, b1, w2, b2)\n--\n\n"
              "evaluator.Net's whole-number weights, read once: an immutable value that "
              "run_tips and playouts are handed (net=).",
    .tp_new = Net_new,
};

#define SOLVER_DOC(name, what) name "(trump, leader, hands, lead=None, capot_for=None)\n--\n\n" what

static PyMethodDef methods[] = {
    {"set_rules", native_set_rules, METH_VARARGS,
     "set_rules(plain_strength, trump_strength, plain_points, trump_points, cards, "
     "last_trick, capot_bonus): the rules of cards.py, once before any search."},
    {"solve", (PyCFunction)(void (*)(void))native_solve, METH_VARARGS | METH_KEYWORDS,
     SOLVER_DOC("solve", "solver.solve, compiled.")},
    {"card_values", (PyCFunction)(void (*)(void))native_card_values,
     METH_VARARGS | METH_KEYWORDS, SOLVER_DOC("card_values", "solver.card_values, compiled.")},
    {"position_value", (PyCFunction)(void (*)(void))native_position_value,
     METH_VARARGS | METH_KEYWORDS,
     "position_value(trump, leader, hands, lead=None, capot_for=None, memo=None)\n--\n\n"
     "solver.position_value, compiled (memo: a _native.Memo)."},
    {"can_capot", (PyCFunction)(void (*)(void))native_can_capot, METH_VARARGS | METH_KEYWORDS,
     SOLVER_DOC("can_capot", "solver.can_capot, compiled (capot_for: the leader).")},
    {"set_play_tables", native_set_play_tables, METH_VARARGS,
     "set_play_tables(pts, strength, above, beaters, king, queen, tricks, last_trick, "
     "capot_points, hand_points, belote_bonus): tables.py's tables and the scoring, once "
     "before any playout."},
    {"playouts", (PyCFunction)(void (*)(void))native_playouts, METH_VARARGS | METH_KEYWORDS,
     "playouts(bases, lines, knobs, until_cards, play_for_capot, memo, net=None)\n--\n\n"
     "playout.playouts, compiled: each line's cards played on a copy of each base, then "
     "played out (net: a _native.Net plays the stock phase) and scored."},
    {"run_tips", (PyCFunction)(void (*)(void))native_run_tips, METH_VARARGS | METH_KEYWORDS,
     "run_tips(sim, knobs, until_cards, net=None)\n--\n\n"
     "playout.run_tips, compiled (knobs: playout.py's tuple; net: a _native.Net plays the "
     "stock phase)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native",
    "The rival's exact solver, compiled: the twin of belote2p.ai.solver (see _native.c).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&MemoType) < 0 || PyType_Ready(&NetType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&MemoType);
    if (PyModule_AddObject(m, "Memo", (PyObject *)&MemoType) < 0) {
        Py_DECREF(&MemoType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&NetType);
    if (PyModule_AddObject(m, "Net", (PyObject *)&NetType) < 0) {
        Py_DECREF(&NetType);
        Py_DECREF(m);
        return NULL;
    }
    build_run_tables();
    build_lead_tables();
    return m;
}
