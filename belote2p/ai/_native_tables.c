/*
 * The tables: the constant run and lead tables (solver.py _runs_tables,
 * _lead_tables), built once, and each trump's tables built from the rules
 * that set_rules hands over from cards.py (solver.py _Tables).  No card order
 * or points are written here.
 */

#include "_native.h"

uint8_t TOPS[65536], BOTS[65536], DEDUP[65536], LEAD_TRUMP[65536], LEAD_PLAIN[65536];
uint8_t ABOVE[8], BELOW[8];

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

/* The constant tables, once (the first import builds them; a later one, in
 * another interpreter, finds them built: they never change). */
void build_constant_tables(void) {
    static int built = 0;
    if (built) return;
    build_run_tables();
    build_lead_tables();
    built = 1;
}

/* One trump's tables from the rules' strengths and points. */
static void build_trump_tables(Tables *t, int trump, const int plain_strength[8],
                               const int trump_strength[8], const int plain_points[8],
                               const int trump_points[8]) {
    t->trump = trump;
    t->sh = 8 * trump;
    for (int c = 0; c < 32; c++) {
        int s = c >> 3, r = c & 7, i, p;
        if (s == trump) {
            i = s * 8 + trump_strength[r];
            p = trump_points[r];
        } else {
            i = s * 8 + plain_strength[r];
            p = plain_points[r];
        }
        t->to_int[c] = (uint8_t)i;
        t->to_ext[i] = (uint8_t)c;
        t->pts[i] = p;
    }
    for (int i = 0; i < 32; i++) {
        Mask w = (Mask)ABOVE[i & 7] << (i & ~7);
        if (i >> 3 != trump) w |= (Mask)0xFF << (8 * trump);
        t->win[i] = w;
        t->higher[i] = i >> 3 == trump ? w : 0;  /* the trumps above a trump i */
    }
    for (int b = 0; b < 256; b++) {
        int sum = 0;
        for (int k = 0; k < 8; k++)
            if (b >> k & 1) sum += t->pts[8 * trump + k];
        t->tpts[b] = sum;
    }
}

void build_rules(Rules *rules, const int plain_strength[8], const int trump_strength[8],
                 const int plain_points[8], const int trump_points[8]) {
    for (int t = 0; t < 4; t++)
        build_trump_tables(&rules->tb[t], t, plain_strength, trump_strength, plain_points,
                           trump_points);
}
