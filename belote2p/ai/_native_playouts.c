/*
 * The stock-phase playouts: fastsim.Sim.run with the tips policy
 * (heuristics.choose_card over knowledge.info_from_sim) for both seats, the
 * twin of playout.py's Python path, and a playout's scores (fastsim.py).
 * Card ints here are the game's (suit * 8 + rank), not the solver's internal
 * ids, and the tables are tables.py's (PlayTables, handed over by
 * set_play_tables).  Every score is a double formed in the order heuristics.py
 * forms it, each product rounded (product(), _native.h), so the policy picks
 * exactly the card Python picks on every machine.
 */

#include "_native.h"
#include "_native_follow.h"

/* knowledge.info_from_sim (count_trumps left on, as the playouts call it). */
static void info_from_sim(const PlayTables *pt, const Sim *sim, int seat, int count_plain,
                          Info *info) {
    int other = 1 - seat;
    info->pt = pt;
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
    int suit0 = sim->trump * 8;  /* the trump suit's first card */
    Mask pair = ((Mask)1 << (suit0 + pt->king)) | ((Mask)1 << (suit0 + pt->queen));
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
        if (info->belote_pair && (rank == info->pt->king || rank == info->pt->queen))
            value += k->belote_keep;
        return value;
    }
    value = k->keep_plain[rank];
    if (!(info->unseen & info->pt->above[info->trump][c])) value += k->master_bonus;
    return value;
}

/* heuristics._beat_chance (pow as Python's float ** int: the C library's pow) */
static double beat_chance(int c, const Info *info) {
    Mask beaters = info->pt->beaters[info->trump][c] & info->unseen;
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
static inline int weaker(const int *st, int c, int best, int by_card) {
    if (by_card) return st[c] < st[best] || (st[c] == st[best] && c < best);
    return st[c] < st[best];
}

/* heuristics.follow_card over the legal answers (follow_scores, _best). */
static int follow_card(const Info *info, const int *legal, int n, const Knobs *k) {
    int trump = info->trump, lead = info->lead;
    const int *pts = info->pt->pts[trump], *st = info->pt->str[trump];
    Mask beaters = info->pt->beaters[trump][lead];
    int best = -1;
    double best_score = 0.0;
    for (int i = 0; i < n; i++) {
        int c = legal[i], gain = pts[lead] + pts[c];
        double score = (beaters >> c & 1) ? gain + k->win_bonus : (double)-gain;
        score = score - keep_value(c, info, k);
        if (best < 0 || score > best_score
            || (score == best_score && weaker(st, c, best, 0))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* heuristics.lead_card_stock (lead_scores_stock, _best by card). */
static int lead_card_stock(const Info *info, const Knobs *k) {
    int trump = info->trump, lengths[4] = {0, 0, 0, 0}, best = -1;
    const int *pts = info->pt->pts[trump], *st = info->pt->str[trump];
    double best_score = 0.0;
    for (int i = 0; i < info->nhand; i++) lengths[info->hand[i] >> 3]++;
    for (int i = 0; i < info->nhand; i++) {
        int c = info->hand[i];
        double p = beat_chance(c, info);
        double score = product(pts[c], 1.0 - product(2.0, p)) - keep_value(c, info, k);
        if (c >> 3 == trump)
            score -= k->lead_trump_penalty;
        else
            score += product(k->short_suit_bonus, 8 - lengths[c >> 3]);
        if (best < 0 || score > best_score
            || (score == best_score && weaker(st, c, best, 1))) {
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
    const int *st = info->pt->str[trump], *pts = info->pt->pts[trump];
    const Mask *beaters = info->pt->beaters[trump];
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
            if (beaters[c] & opp) continue;
            if (best < 0 || pts[c] > pts[best] || (pts[c] == pts[best]
                    && (st[c] > st[best] || (st[c] == st[best] && c > best))))
                best = c;
        }
        if (best >= 0) return best;
    }
    double best_score = 0.0;
    for (int i = 0; i < info->nhand; i++) {
        int c = info->hand[i];
        double lost = (beaters[c] & opp) ? 1.0 : 0.0;
        double score = product(-pts[c], lost) - keep_value(c, info, k);
        if (c >> 3 != trump && !(opp & SUIT_MASK(c >> 3)) && opp_t)
            score += k->force_trump_bonus;  /* the other hand must spend a trump */
        if (best < 0 || score > best_score
            || (score == best_score && weaker(st, c, best, 1))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* rules.legal_follows (strict play): the follow rule's cards (follow.py), in
 * hand order as the rule gives them; the count. */
static int legal_follows(const Info *info, int *out) {
    int trump = info->trump, lead = info->lead, n = 0;
    Mask legal = follow_mask(info->hand_mask, SUIT_MASK(lead >> 3), SUIT_MASK(trump),
                             info->pt->higher[trump][lead]);
    for (int i = 0; i < info->nhand; i++)
        if (legal >> info->hand[i] & 1) out[n++] = info->hand[i];
    return n;
}

/* heuristics.choose_card: the tips' card for the seat to move (net, if not
 * NULL, plays the stock phase). */
static int choose_card(const Playout *p, const Sim *sim, int seat) {
    const Knobs *k = p->k;
    Info info;
    info_from_sim(p->pt, sim, seat, k->count_plain, &info);
    if (p->net && !info.strict) return net_card(p->net, p->pt, sim, seat, &info);
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
void sim_play(const PlayTables *pt, Sim *sim, int c) {
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
    if (c >> 3 == trump && ((c & 7) == pt->king || (c & 7) == pt->queen)) {
        int partner = (c & ~7) | ((c & 7) == pt->king ? pt->queen : pt->king);
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
    int winner = (pt->beaters[trump][lead] >> c & 1) ? seat : sim->leader;
    sim->pts[winner] += pt->pts[trump][lead] + pt->pts[trump][c];
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

/* sim_run (_native.h): fastsim.Sim.run with the tips for both seats. */
int sim_run(const Playout *p, Sim *sim, int until_cards) {
    while (sim->ntricks < p->pt->tricks) {
        if (until_cards && sim->lead < 0 && !sim->nstock && sim->nhand[0] <= until_cards) return 0;
        int seat = sim->lead < 0 ? sim->leader : 1 - sim->leader;
        if (!sim->nhand[seat]) {
            PyErr_SetString(PyExc_ValueError, "Sim: the seat to move holds no card");
            return -1;
        }
        sim_play(p->pt, sim, choose_card(p, sim, seat));
    }
    return 0;
}

/* fastsim._scored: the scores from trick points (last trick included) and
 * the belote seat (-1: none); a taker behind goes dedans. */
static void scored(const PlayTables *pt, int taker, const long long trick[2], int belote,
                   int capot, long long out[2]) {
    long long total[2] = {trick[0], trick[1]};
    if (belote >= 0) total[belote] += pt->belote_bonus;
    int defender = 1 - taker;
    if (total[taker] >= total[defender]) {
        out[0] = total[0];
        out[1] = total[1];
        return;
    }
    out[defender] = (capot == defender ? pt->capot_points : pt->hand_points)
                    + (belote == defender ? pt->belote_bonus : 0);
    out[taker] = belote == taker ? pt->belote_bonus : 0;
}

/* fastsim.Sim.scores (hand_scores): a finished hand's scores. */
void sim_scores(const PlayTables *pt, const Sim *sim, long long out[2]) {
    long long trick[2] = {sim->pts[0], sim->pts[1]};
    int capot = -1;
    if (sim->won[0] == pt->tricks || sim->won[1] == pt->tricks) {
        capot = sim->won[0] == pt->tricks ? 0 : 1;
        trick[0] = trick[1] = 0;
        trick[capot] = pt->capot_points;
    } else {
        trick[sim->last_winner] += pt->last_trick;
    }
    scored(pt, sim->taker, trick, sim->belote, capot, out);
}

/* sim_solved_scores (_native.h), at a strict trick start (or the hand's end):
 * the solver from here, the capot game for a seat that has won every trick
 * if play_for_capot; -1 with MemoryError set. */
int sim_solved_scores(const Playout *p, const Sim *sim, int play_for_capot, long long out[2]) {
    const PlayTables *pt = p->pt;
    if (sim->ntricks == pt->tricks) {
        sim_scores(pt, sim, out);
        return 0;
    }
    int leader = sim->leader, trump = sim->trump;
    int capot_for = play_for_capot && sim->ntricks > 0 && sim->won[leader] == sim->ntricks
                    ? leader : -1;
    Call call;
    if (call_root(&call, p->rules, trump, leader, sim->masks, -1, capot_for, p->memo) < 0)
        return -1;
    long long value = root_value(&call.root);
    call_end(&call);
    long long rest = pt->last_trick;
    for (Mask all = sim->masks[0] | sim->masks[1]; all; all &= all - 1)
        rest += pt->pts[trump][lowbit(all)];
    int capot = -1;
    if (capot_for >= 0) {
        long long mine = capot_for == 0 ? value : rest - value;  /* the capot seat's worth */
        if (mine == rest + p->rules->capot_bonus) capot = capot_for;
    }
    long long points[2] = {0, 0};
    if (capot >= 0)
        points[capot] = pt->capot_points;
    else {
        points[0] = sim->pts[0] + value;
        points[1] = sim->pts[1] + rest - value;
    }
    int belote = sim->belote;
    Mask pair = ((Mask)1 << (trump * 8 + pt->king)) | ((Mask)1 << (trump * 8 + pt->queen));
    for (int seat = 0; belote < 0 && seat < 2; seat++)
        if ((sim->masks[seat] & pair) == pair) belote = seat;
    scored(pt, sim->taker, points, belote, capot, out);
    return 0;
}

