/*
 * The exact strict-phase solver (solver.py): whole tricks, the leader's
 * points F(hl, hf), fail-soft alpha-beta with a transposition table, runs and
 * dominance, the capot game; and its root, the mover's legal moves and the
 * value of each.  It returns exactly solver.py's values and sets of optimal
 * cards: every value is the exact game value, which any correct exact search
 * agrees on.  It reads only its Search (the rules' tables, its transposition
 * tables), so nothing here outlives a call but a Memo's tables.
 */

#include "_native.h"
#include "_native_follow.h"

/* ------------------------------------------------------------------------
 * Transposition tables: open addressing on the position key hl | hf << 32,
 * which is never 0 for a position that is searched (both hands hold cards),
 * so 0 marks a free slot.  They grow at half load; callers hold no pointer
 * into one across a recursive call.
 */

/* Where key lives or would go (cap is never full). */
static inline size_t tt_slot(const TT *tt, uint64_t key) {
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 32) & (tt->cap - 1);
    while (tt->slots[i].key && tt->slots[i].key != key) i = (i + 1) & (tt->cap - 1);
    return i;
}

int tt_init(TT *tt, size_t cap) {
    tt->slots = calloc(cap, sizeof(Entry));
    tt->cap = cap;
    tt->used = 0;
    return tt->slots ? 0 : -1;
}

void tt_free(TT *tt) {
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

static int search(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta);

/* F(hl, hf) exactly for two cards each (solver.py two). */
static int two(const Search *s, Mask hl, Mask hf, int R) {
    const Tables *tb = s->tb;
    Mask trumps = (Mask)0xFF << tb->sh;
    int best = -1;
    for (Mask ml = hl; ml; ml &= ml - 1) {
        int c = lowbit(ml);
        int c2 = bitlen(hl ^ ((Mask)1 << c)) - 1;
        Mask legal = follow_mask(hf, (Mask)0xFF << (c & ~7), trumps, tb->higher[c]);
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

/* G(hl, hf): F plus the capot bonus if the leader, who has taken every trick so
 * far, takes every remaining one (solver.py capot). */
static int capot(const Search *s, Mask hl, Mask hf, int n, int R, int alpha, int beta) {
    const Tables *tb = s->tb;
    int sh = tb->sh, bestc, cut;
    if (n == 0) return R + s->capot_bonus;
    int tl = (hl >> sh) & 255;
    if ((hf >> sh) & 255 & ~((1 << bitlen((uint32_t)tl)) - 1))
        return value(s, hl, hf, n, R, alpha, beta);  /* a sure trick: no capot */
    if (n == 1) return (tb->win[bitlen(hl) - 1] & hf) ? 0 : R + s->capot_bonus;
    uint64_t key = (uint64_t)hl | (uint64_t)hf << 32;
    Entry *e = tt_get(s->capot_tt, key);
    int lo = e ? e->lo : 0, hi = e ? e->hi : R + s->capot_bonus;
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


/* After a trick the leader keeps the lead: its points (F, or G in the capot game). */
static inline int kept(const Root *r, Mask hl, Mask hf, int n, int R, int a, int b) {
    return r->capot_game ? capot(r->s, hl, hf, n, R, a, b) : value(r->s, hl, hf, n, R, a, b);
}

/* The mover's points after its move m, window (a, b), fail-soft. */
int root_val(const Root *r, int m, int a, int b) {
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
    follow_list(r->s, answers_mask(r->s, r->hl, r->hf, m), m, &answers);
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
    Mask keep = answers_mask(r->s, r->hl, r->hf, m), w = keep & tb->win[m];
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
    Mask legal = r->follower_moves ? follow_mask(r->hf, (Mask)0xFF << (r->lead & ~7),
                                                 (Mask)0xFF << tb->sh, tb->higher[r->lead])
                                   : r->hl;
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

/* Internal mask of a card-int mask for this trump. */
static Mask to_internal(const Tables *tb, Mask cards) {
    Mask m = 0;
    for (; cards; cards &= cards - 1) m |= (Mask)1 << tb->to_int[lowbit(cards)];
    return m;
}

/* call_root (_native.h): a checked position's root. */
int call_root(Call *call, const Rules *rules, int trump, int leader, const Mask h[2], int lead,
              int capot_for, MemoObject *memo) {
    const Tables *tb = &rules->tb[trump];
    call->s.tb = tb;
    call->s.capot_bonus = rules->capot_bonus;
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
    r->R = rules->last_trick;
    for (Mask all = r->hl | r->hf; all; all &= all - 1) r->R += tb->pts[lowbit(all)];
    if (lead >= 0) r->R += tb->pts[r->lead];
    r->mover = lead >= 0 ? 1 - leader : leader;
    root_moves(r);
    return 0;
}

/* The call's own tables freed (a Memo's stay). */
void call_end(Call *call) {
    tt_free(&call->own_tt);
    tt_free(&call->own_capot_tt);
}

/* The value alone, seat 0's; after the first move, a null-window test per
 * move asks only whether it is better. */
int root_value(const Root *r) {
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

