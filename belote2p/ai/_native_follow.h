/*
 * The follow rule in bitmask form: the mirror of belote2p/ai/follow.py.
 *
 * core/rules.py's legal_follows is the one definition; follow.py is its one
 * bitmask form (checked against it over every trump, lead and holding); this
 * is that form line for line, inline because the search asks it at every
 * node (tests/ai/test_follow.py checks the two against each other).  The
 * masks make it serve both of the core's card numberings: the solver's
 * internal ids (Tables.higher) and the game's card ints (PlayTables.higher,
 * handed from follow.HIGHER).
 */

#ifndef BELOTE2P_NATIVE_FOLLOW_H
#define BELOTE2P_NATIVE_FOLLOW_H

#include "_native.h"

/* follow.follow_mask: the cards of hand that may follow a lead of suit: its
 * suit (over the lead if trumps and it can: higher), else a trump, else any card. */
static inline Mask follow_mask(Mask hand, Mask suit, Mask trumps, Mask higher) {
    Mask same = hand & suit;
    if (same) return (same & higher) ? same & higher : same;
    return (hand & trumps) ? hand & trumps : hand;
}

#endif
