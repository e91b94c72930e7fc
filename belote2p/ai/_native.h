/*
 * The compiled core (belote2p.ai._native): what its files share.
 *
 * The core is the twin of solver.py (the exact strict-phase solver) and of
 * playout.py (the tips playouts, and the learned policy of evaluator.py).
 * The Python modules are the reference and the documentation; the C runs the
 * same searches and policies so each step costs nanoseconds, and answers
 * exactly as they do (tests/ai/test_native.py, benchmarks/native_agreement.py).
 *
 * Its files, one job each:
 *   _native_tables.c    the constant run and lead tables, the rules' tables
 *   _native_follow.h    the follow rule's bitmask form (follow.py's mirror)
 *   _native_moves.c     the moves a search tries (solver.py _make_moves)
 *   _native_solver.c    the search, its transposition tables and its roots
 *   _native_playouts.c  the tips policy, a Sim played out and scored
 *   _native_sim.c       the playouts' boundary: a Python Sim read and written
 *   _native_net.c       the learned playout policy (an immutable Net)
 *   _native_module.c    the module: its state, arguments checked, its functions
 *
 * No file holds state that changes between calls: the rules and the play
 * tables live in the module's state (set once at import by solver.py and
 * playout.py), and every computation is handed what it reads (a Search, a
 * Playout context).  The only static data are the constant run and lead
 * tables, built once when the module is first imported.
 *
 * Names follow solver.py's glossary: c a card led, f a card played to it, hl
 * and hf the leader's and the follower's hands (bit i = internal card i =
 * suit * 8 + strength in the solver, the game's suit * 8 + rank in the
 * playouts), R the points still to take, alpha/beta the window.
 */

#ifndef BELOTE2P_NATIVE_H
#define BELOTE2P_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The interface this build speaks to the Python side (ai/core.py's INTERFACE
   must be the same): raised whenever an entry point's arguments or meaning
   change, so a build of older sources is refused rather than misused. */
#define BELOTE2P_NATIVE_INTERFACE 2

/* Every decision of the playouts compares doubles formed as Python forms
 * them, each operation rounded to a double (the twin's promise, and a run
 * file's: it verifies on every machine).  So no build may fuse a product
 * into the sum that follows it (one rounding instead of two: -mfma with GCC's
 * default -ffp-contract=fast, and the default on arm64), compute in wider
 * registers (x87) or reorder arithmetic (-ffast-math).  hatch_build.py
 * compiles with -ffp-contract=off -fno-fast-math (/fp:precise on MSVC), each
 * compiler's own pragma below forbids contraction whatever the flags (GCC's
 * checked by tests/ai/test_native_build.py with -mfma -ffp-contract=fast), and
 * a build these checks refuse leaves the Python core to play. */
#if defined(__FAST_MATH__)
#error "the native core needs IEEE arithmetic (no -ffast-math): it would decide unlike Python"
#endif
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD > 0
#error "the native core needs doubles computed as doubles (FLT_EVAL_METHOD 0: SSE2, not x87)"
#endif
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off") /* GCC ignores FP_CONTRACT, honours this */
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

/* a * b, a product a decision compares: rounded to a double before it is
 * added to anything, as Python rounds it (the pragmas above and the build's
 * flags forbid fusing it; a volatile store would force it too, at 2-3% of a
 * playout's time).  Every such product goes through here, so a reader sees
 * where rounding decides. */
static inline double product(double a, double b) { return a * b; }

#define INF (1 << 20)
#define FULL_MASK 0xFFFFFFFFu
#define SUIT_MASK(s) ((Mask)0xFF << (8 * (s)))

typedef uint32_t Mask;  /* a set of cards, bit i for card i (never a C long: 32 bits on Windows) */

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

/* ------------------------------------------------------------------------
 * The tables (_native_tables.c).
 */

/* Constant, built once by build_constant_tables (solver.py _runs_tables,
 * _lead_tables), indexed by a suit byte of the mover m | the opponent's o << 8. */
extern uint8_t TOPS[65536], BOTS[65536], DEDUP[65536], LEAD_TRUMP[65536], LEAD_PLAIN[65536];
extern uint8_t ABOVE[8], BELOW[8];  /* strengths above / below k, as a suit byte */

/* One trump's constants in internal ids (solver.py _Tables). */
typedef struct {
    int trump, sh;          /* the trump suit, and its first internal id */
    uint8_t to_int[32];     /* card int -> internal id */
    uint8_t to_ext[32];     /* internal id -> card int */
    int pts[32];            /* internal id -> points */
    Mask win[32];           /* internal id -> the cards that beat it played second */
    Mask higher[32];        /* internal id -> follow_mask's higher (solver.py _Tables) */
    int tpts[256];          /* trump-suit byte -> its points */
} Tables;

/* The rules of cards.py (set_rules): each trump's tables, the scoring. */
typedef struct {
    int set;
    Tables tb[4];
    int last_trick, capot_bonus;
    PyObject *cards[32];  /* cards.CARDS: what the solver's functions return */
} Rules;

/* tables.py's tables and the hand's scoring, for the playouts (set_play_tables). */
typedef struct {
    int set;
    int pts[4][32], str[4][32];
    Mask above[4][32], beaters[4][32], higher[4][32];  /* higher: follow.HIGHER */
    int king, queen, tricks;
    int last_trick, capot_points, hand_points, belote_bonus;
} PlayTables;

void build_constant_tables(void);
/* rules' tables from the strengths and points of cards.py (ranks in 0-7). */
void build_rules(Rules *rules, const int plain_strength[8], const int trump_strength[8],
                 const int plain_points[8], const int trump_points[8]);

/* ------------------------------------------------------------------------
 * The solver (_native_moves.c, _native_solver.c).
 */

/* A transposition table: open addressing on the position key hl | hf << 32. */
typedef struct {
    uint64_t key;
    int16_t lo, hi;   /* bounds on the position's value */
    int8_t best;      /* the best lead found (internal id), or -1 */
} Entry;

typedef struct {
    Entry *slots;
    size_t cap, used;  /* cap is a power of two */
} TT;

int tt_init(TT *tt, size_t cap);
void tt_free(TT *tt);

/* One search: its trump's tables, its transposition tables (the call's own or
 * a Memo's) and the capot bonus. */
typedef struct {
    const Tables *tb;
    TT *tt;        /* the points game */
    TT *capot_tt;  /* the capot game */
    int capot_bonus;
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

Mask answers_mask(const Search *s, Mask hl, Mask hf, int c);
void follow_list(const Search *s, Mask keep, int c, Answers *lead);
int gen_moves(const Search *s, Mask hl, Mask hf, Lead *out);

/* The root (solver.py _lead_root, _follow_root): the mover's legal moves. */
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

/* A position's search: the tables of one call live here. */
typedef struct {
    Search s;
    TT own_tt, own_capot_tt;
    Root root;
} Call;

/* Search tables kept from call to call (solver.py Memo), one pair per trump. */
typedef struct {
    PyObject_HEAD
    TT tt[4], capot_tt[4];
} MemoObject;

extern PyTypeObject MemoType;

/* The root of a checked position (h: the seats' hands, card ints; lead -1 or a
 * card int; capot_for -1 or the leader) into call, its tables memo's (may be
 * NULL) or its own; -1 with MemoryError set.  call_end() must follow a success. */
int call_root(Call *call, const Rules *rules, int trump, int leader, const Mask h[2], int lead,
              int capot_for, MemoObject *memo);
void call_end(Call *call);
int root_val(const Root *r, int m, int a, int b);
int root_value(const Root *r);
/* Seat 0's value from the mover's points. */
static inline int for_seat0(const Root *r, int v) { return r->mover == 0 ? v : r->R - v; }

/* ------------------------------------------------------------------------
 * The playouts (_native_playouts.c, _native_net.c, _native_sim.c).
 */

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
    const PlayTables *pt;  /* the tables it is read with */
    const int *hand;
    int nhand, trump, lead, strict, opp_count, belote_pair;
    Mask hand_mask, unseen, opp_known;
} Info;

/* The learned policy's weights (evaluator.py's shape). */
#define NET_CARDS 32
#define NET_SCALARS 6
#define NET_FEATURES (4 * NET_CARDS + NET_SCALARS)
#define NET_HIDDEN 64

typedef struct {
    int32_t w1[NET_FEATURES * NET_HIDDEN], b1[NET_HIDDEN];
    int32_t w2[NET_HIDDEN * NET_CARDS], b2[NET_CARDS];
} Net;

extern PyTypeObject NetType;
/* net_o (a _native.Net, or None: NULL) into *net; -1 with TypeError if neither. */
int read_net(PyObject *net_o, const Net **net);
/* evaluator.net_card for the stock phase (every card of the hand legal). */
int net_card(const Net *net, const PlayTables *pt, const Sim *sim, int seat, const Info *info);

/* What one playout reads: the tables, the knobs, the network (NULL: the tips
 * play the stock phase too), and for the solver's endgames the rules and a
 * memo (NULL: each endgame its own tables). */
typedef struct {
    const PlayTables *pt;
    const Rules *rules;
    const Knobs *k;
    const Net *net;
    MemoObject *memo;
} Playout;

void sim_play(const PlayTables *pt, Sim *sim, int c);
/* fastsim.Sim.run with the tips for both seats; -1 (ValueError) if a seat to
 * move has no card (a Sim whose hands and stock do not add up). */
int sim_run(const Playout *p, Sim *sim, int until_cards);
/* fastsim.Sim.scores: a finished hand's scores. */
void sim_scores(const PlayTables *pt, const Sim *sim, long long out[2]);
/* fastsim.Sim.solved_scores at a strict trick start; -1 with MemoryError. */
int sim_solved_scores(const Playout *p, const Sim *sim, int play_for_capot, long long out[2]);

/* The module's state (_native_module.c): what set_rules and set_play_tables set. */
typedef struct {
    Rules rules;
    PlayTables play;
} State;

/* The rules, or NULL with RuntimeError if set_rules has not been called. */
const Rules *rules_of(PyObject *module);
/* The play tables, or NULL with RuntimeError if set_play_tables has not been called. */
const PlayTables *play_tables_of(PyObject *module);
/* seq's items, held in a new tuple (see _native_module.c); NULL with TypeError(what). */
PyObject *held_items(PyObject *seq, const char *what);

PyObject *native_run_tips(PyObject *module, PyObject *args, PyObject *kwds);
PyObject *native_playouts(PyObject *module, PyObject *args, PyObject *kwds);

#endif
