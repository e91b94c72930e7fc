/*
 * The module: its state (the rules and the play tables, set once at import
 * by solver.py and playout.py, never static), every argument checked before
 * it indexes a table (card ints 0-31, no card twice, hand sizes, trump,
 * leader: belote2p.ai.solver checks them first with the Python messages; the
 * checks here guard direct callers), the solver's functions, the Memo type,
 * and the method table.  Arguments are parsed the CPython way
 * (PyArg_ParseTupleAndKeywords, signatures in the docstrings), and every
 * sequence is held while it is read (held_items).
 */

#include "_native.h"
#include "_native_follow.h"

/* ------------------------------------------------------------------------
 * Memo: search tables kept from call to call (solver.py Memo), one pair per
 * trump.  Every entry is exact knowledge, so answers never depend on it.
 */

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

PyTypeObject MemoType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "belote2p.ai._native.Memo",
    .tp_basicsize = sizeof(MemoObject),
    .tp_dealloc = (destructor)Memo_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Memo()\n--\n\nSearch tables carried from call to call (solver.Memo's compiled "
              "half).",
    .tp_new = Memo_new,
};

/* ------------------------------------------------------------------------
 * The module's state, and the boundary: arguments checked.
 */

static State *state_of(PyObject *module) { return (State *)PyModule_GetState(module); }

const Rules *rules_of(PyObject *module) {
    const Rules *rules = &state_of(module)->rules;
    if (rules->set) return rules;
    PyErr_SetString(PyExc_RuntimeError, "set_rules() must be called before a search");
    return NULL;
}

const PlayTables *play_tables_of(PyObject *module) {
    const PlayTables *pt = &state_of(module)->play;
    if (pt->set) return pt;
    PyErr_SetString(PyExc_RuntimeError, "set_play_tables() must be called before a playout");
    return NULL;
}

/* seq's items, held: a new tuple (a list is copied; a tuple is itself), so
 * the Python code that reading an item may run (an __index__, a __float__, a
 * __getattr__) can neither change nor free what is being read.  NULL with
 * TypeError(what) if seq is not a sequence. */
PyObject *held_items(PyObject *seq, const char *what) {
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
        /* an int (a bool too, as in Python) */
        long long c = PyLong_Check(items[i]) ? PyLong_AsLongLong(items[i]) : -1;
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

/* Parse (trump, leader, hands, lead, capot_for[, memo]) into call; -1 with a
 * Python exception set on a bad position.  call_end() must follow a success. */
static int call_begin(PyObject *module, Call *call, PyObject *args, PyObject *kwds,
                      int with_memo) {
    static char *kwlist[] = {"trump", "leader", "hands", "lead", "capot_for", "memo", NULL};
    static char *kwlist_no_memo[] = {"trump", "leader", "hands", "lead", "capot_for", NULL};
    PyObject *trump_o, *leader_o, *hands, *lead_o = Py_None, *capot_o = Py_None, *memo_o = Py_None;
    const Rules *rules = rules_of(module);
    if (!rules) return -1;
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
    if (!PySequence_Check(hands)) {
        PyErr_SetString(PyExc_ValueError, "hands must be two hands");
        return -1;
    }
    PyObject *both = held_items(hands, "hands must be two hands");
    if (!both) return -1;
    Mask seen = 0, h[2];
    int count[2], bad = PyTuple_GET_SIZE(both) != 2;
    if (bad) PyErr_SetString(PyExc_ValueError, "hands must be two hands");
    for (int i = 0; i < 2 && !bad; i++)
        bad = read_hand(PyTuple_GET_ITEM(both, i), &h[i], &seen, &count[i]) < 0;
    Py_DECREF(both);
    if (bad) return -1;
    int nl = count[leader], nf = count[1 - leader];
    if (lead < 0 ? (nl != nf || nl == 0) : (nf != nl + 1)) {
        PyErr_SetString(PyExc_ValueError, "the hands' sizes do not make a position");
        return -1;
    }
    if (lead >= 0 && (seen >> lead & 1)) {
        PyErr_Format(PyExc_ValueError, "the lead card %d is also in a hand", lead);
        return -1;
    }
    return call_root(call, rules, trump, leader, h, lead, capot_for,
                     memo_o == Py_None ? NULL : (MemoObject *)memo_o);
}

/* ------------------------------------------------------------------------
 * The functions of solver.py.
 */

/* solve(): the value and every optimal card (sorted by card int).  The first
 * move gets a full window, every other a narrow test against the best so far;
 * a dominated move is optimal only if its dominator is, and then ties it when
 * their points are equal (solver.py solve). */
static PyObject *native_solve(PyObject *module, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(module, &call, args, kwds, 0) < 0) return NULL;
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
        if (PyList_Append(cards, state_of(module)->rules.cards[lowbit(ext)]) < 0) {
            Py_DECREF(cards);
            return NULL;
        }
    }
    return Py_BuildValue("(iN)", value_, cards);
}

/* card_values(): {card: seat 0's value after it} for every legal move, by card. */
static PyObject *native_card_values(PyObject *module, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(module, &call, args, kwds, 0) < 0) return NULL;
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
        int bad = !v || PyDict_SetItem(out, state_of(module)->rules.cards[e], v) < 0;
        Py_XDECREF(v);
        if (bad) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

/* position_value(): root_value. */
static PyObject *native_position_value(PyObject *module, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(module, &call, args, kwds, 1) < 0) return NULL;
    int v = root_value(&call.root);
    call_end(&call);
    return PyLong_FromLong(v);
}

/* can_capot(): can the leader take every remaining trick whatever the defence?
 * (The caller passes capot_for = leader; solver.py can_capot.) */
static PyObject *native_can_capot(PyObject *module, PyObject *args, PyObject *kwds) {
    Call call;
    if (call_begin(module, &call, args, kwds, 0) < 0) return NULL;
    const Root *r = &call.root;
    int yes;
    if (!r->capot_game) {
        call_end(&call);
        PyErr_SetString(PyExc_ValueError, "can_capot needs capot_for = the leader");
        return NULL;
    }
    if (!r->follower_moves) {  /* some lead keeps every trick */
        int goal = r->R + call.s.capot_bonus;
        yes = 0;
        for (int i = 0; i < r->nmoves && !yes; i++)
            yes = r->dom[i] == r->moves[i] && root_val(r, r->moves[i], goal - 1, goal) >= goal;
    } else {  /* every answer concedes the capot */
        yes = 1;
        for (int i = 0; i < r->nmoves && yes; i++)
            yes = r->dom[i] != r->moves[i]
                  || root_val(r, r->moves[i], -call.s.capot_bonus, 1 - call.s.capot_bonus)
                         <= -call.s.capot_bonus;
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
static PyObject *native_set_rules(PyObject *module, PyObject *args) {
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
    Rules *rules = &state_of(module)->rules;
    for (int i = 0; i < 32; i++) {
        Py_INCREF(PyTuple_GET_ITEM(cards, i));
        Py_XSETREF(rules->cards[i], PyTuple_GET_ITEM(cards, i));
    }
    build_rules(rules, a, b, c, d);
    rules->last_trick = last;
    rules->capot_bonus = bonus;
    rules->set = 1;
    Py_RETURN_NONE;
}


/* Read a 4 x 32 table of ints (tables.py's PTS, STR, ABOVE, BEATERS, follow.HIGHER). */
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

/* set_play_tables(): tables.py's tables, follow.py's, and the ranks, trick
 * count and scoring the playouts need, written there once. */
static PyObject *native_set_play_tables(PyObject *module, PyObject *args) {
    PyObject *pts, *str, *above, *beaters, *higher;
    int king, queen, tricks, last_trick, capot_points, hand_points, belote_bonus;
    if (!PyArg_ParseTuple(args, "OOOOOiiiiiii:set_play_tables", &pts, &str, &above, &beaters,
                          &higher, &king, &queen, &tricks, &last_trick, &capot_points,
                          &hand_points, &belote_bonus))
        return NULL;
    long long t[5][4][32];  /* on the stack: a nested call has its own */
    if (read_table(pts, t[0]) < 0 || read_table(str, t[1]) < 0 || read_table(above, t[2]) < 0
        || read_table(beaters, t[3]) < 0 || read_table(higher, t[4]) < 0)
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
    PlayTables *pt = &state_of(module)->play;
    pt->last_trick = last_trick;
    pt->capot_points = capot_points;
    pt->hand_points = hand_points;
    pt->belote_bonus = belote_bonus;
    for (int tr = 0; tr < 4; tr++) {
        for (int c = 0; c < 32; c++) {
            pt->pts[tr][c] = (int)t[0][tr][c];
            pt->str[tr][c] = (int)t[1][tr][c];
            pt->above[tr][c] = (Mask)t[2][tr][c];
            pt->beaters[tr][c] = (Mask)t[3][tr][c];
            pt->higher[tr][c] = (Mask)t[4][tr][c];
        }
    }
    pt->king = king;
    pt->queen = queen;
    pt->tricks = tricks;
    pt->set = 1;
    Py_RETURN_NONE;
}


/* A card mask argument: an int 0 to 2^32 - 1, into *out. */
static int read_mask(PyObject *obj, const char *what, Mask *out) {
    unsigned long long v = PyLong_Check(obj) ? PyLong_AsUnsignedLongLong(obj) : (1ull << 32);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) PyErr_Clear();
    if (v > FULL_MASK) {
        PyErr_Format(PyExc_ValueError, "%s must be a card mask (an int 0 to 2**32 - 1), not %R",
                     what, obj);
        return -1;
    }
    *out = (Mask)v;
    return 0;
}

/* follow_mask(): the follow rule's mirror (_native_follow.h), called directly
 * only by the test that checks it against follow.py. */
static PyObject *native_follow_mask(PyObject *module, PyObject *args) {
    PyObject *hand_o, *suit_o, *trumps_o, *higher_o;
    Mask hand, suit, trumps, higher;
    if (!PyArg_ParseTuple(args, "OOOO:follow_mask", &hand_o, &suit_o, &trumps_o, &higher_o)
        || read_mask(hand_o, "hand", &hand) < 0 || read_mask(suit_o, "suit", &suit) < 0
        || read_mask(trumps_o, "trumps", &trumps) < 0 || read_mask(higher_o, "higher", &higher) < 0)
        return NULL;
    return PyLong_FromUnsignedLong(follow_mask(hand, suit, trumps, higher));
}

#define SOLVER_DOC(name, what) name "(trump, leader, hands, lead=None, capot_for=None)\n--\n\n" what

static PyMethodDef methods[] = {
    {"set_rules", native_set_rules, METH_VARARGS,
     "set_rules(plain_strength, trump_strength, plain_points, trump_points, cards, "
     "last_trick, capot_bonus)\n--\n\nthe rules of cards.py, once before any search."},
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
     "set_play_tables(pts, strength, above, beaters, higher, king, queen, tricks, last_trick, "
     "capot_points, hand_points, belote_bonus)\n--\n\n"
     "tables.py's tables, follow.HIGHER and the scoring, once before any playout."},
    {"playouts", (PyCFunction)(void (*)(void))native_playouts, METH_VARARGS | METH_KEYWORDS,
     "playouts(bases, lines, knobs, until_cards, play_for_capot, memo, net=None)\n--\n\n"
     "playout.playouts, compiled: each line's cards played on a copy of each base, then "
     "played out (net: a _native.Net plays the stock phase) and scored."},
    {"run_tips", (PyCFunction)(void (*)(void))native_run_tips, METH_VARARGS | METH_KEYWORDS,
     "run_tips(sim, knobs, until_cards, net=None)\n--\n\n"
     "playout.run_tips, compiled (knobs: playout.py's tuple; net: a _native.Net plays the "
     "stock phase)."},
    {"follow_mask", native_follow_mask, METH_VARARGS,
     "follow_mask(hand, suit, trumps, higher)\n--\n\n"
     "follow.follow_mask, compiled (the mirror the searches use; for its test)."},
    {NULL, NULL, 0, NULL},
};

/* The state holds the rules' 32 Card objects: the collector is shown them. */
static int module_traverse(PyObject *module, visitproc visit, void *arg) {
    State *st = state_of(module);
    for (int i = 0; st && i < 32; i++) Py_VISIT(st->rules.cards[i]);
    return 0;
}

static int module_clear(PyObject *module) {
    State *st = state_of(module);
    for (int i = 0; st && i < 32; i++) Py_CLEAR(st->rules.cards[i]);
    return 0;
}

static void module_free(void *module) { module_clear((PyObject *)module); }

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_native",
    "The rival's exact solver and playouts, compiled: the twin of belote2p.ai.solver and "
    "belote2p.ai.playout (see _native.h).",
    sizeof(State), methods, NULL, module_traverse, module_clear, module_free,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&MemoType) < 0 || PyType_Ready(&NetType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
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
    /* The Python side accepts this build only if it speaks the same interface
       (ai/core.py: INTERFACE): a build left in a checkout by older sources is
       refused, and the Python core plays, instead of failing at import. */
    if (PyModule_AddIntConstant(m, "INTERFACE", BELOTE2P_NATIVE_INTERFACE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    build_constant_tables();
    return m;
}
