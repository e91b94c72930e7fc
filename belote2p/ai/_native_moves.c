/*
 * The moves a search tries (solver.py _make_moves): the follower's answers
 * worth searching against a lead, and the leader's leads worth searching,
 * most promising first.  Legality comes from the follow rule
 * (_native_follow.h); the pruning to the top or bottom of each run from the
 * constant tables.
 */

#include "_native.h"
#include "_native_follow.h"

/* The follower's discards worth searching: the bottom of each run. */
static Mask discard_mask(Mask hl, Mask hf) {
    Mask keep = 0;
    for (int s8 = 0; s8 < 32; s8 += 8) {
        int m = (hf >> s8) & 255;
        if (m) keep |= (Mask)BOTS[m | (((hl >> s8) & 255) << 8)] << s8;
    }
    return keep;
}

/* The follower's answers to c worth searching (solver.py answers_mask): of
 * its legal cards, the top of each winning run and the bottom of each losing
 * run.  hl still holds c (it splits the follower's runs). */
Mask answers_mask(const Search *s, Mask hl, Mask hf, int c) {
    const Tables *tb = s->tb;
    int sh = tb->sh, s8 = c & ~7;
    Mask trumps = (Mask)0xFF << sh;
    Mask legal = follow_mask(hf, (Mask)0xFF << s8, trumps, tb->higher[c]);
    int m = (legal >> s8) & 255;
    if (m) {  /* its suit: runs of the follower's whole holding (c splits them) */
        int idx = ((hf >> s8) & 255) | (((hl >> s8) & 255) << 8);
        if (legal & tb->higher[c]) return (Mask)(TOPS[idx] & m) << s8;  /* overtrumping */
        if (s8 == sh) return (Mask)BOTS[idx] << s8;  /* under the trump led: every answer loses */
        int k = c & 7;
        return (Mask)((TOPS[idx] & ABOVE[k]) | (BOTS[idx] & BELOW[k])) << s8;
    }
    if (legal & trumps)  /* trumping: every answer wins */
        return (Mask)TOPS[((legal >> sh) & 255) | (((hl >> sh) & 255) << 8)] << sh;
    return discard_mask(hl, hf);
}

/* Fill lead with the answers keep to c: winners first (weakest first), then
 * losers, fewest points first (solver.py follow_list). */
void follow_list(const Search *s, Mask keep, int c, Answers *lead) {
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
    lead->keep = discard_only ? discard_mask(hl, hf) : answers_mask(s, hl, hf, c);
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
int gen_moves(const Search *s, Mask hl, Mask hf, Lead *out) {
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
