/*
 * The playouts' boundary: a Python fastsim.Sim read into C (checked: every
 * card 0-31 and dealt once, hands, stock and tricks that add up) and written
 * back, playout.py's packed knobs, and the two functions of playout.py that
 * the core runs, run_tips and playouts.  Everything a call reads is read into
 * C before anything is played: a Sim's __getattr__ or a card's conversion may
 * run Python code, which then finds nothing of ours half-read.
 */

#include "_native.h"

/* getattr(obj, name) as a long long in [lo, hi] (not a long: 32 bits on
 * Windows, too short for a mask); -1 with an error set if not. */
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
static int read_sim(const PlayTables *pt, PyObject *obj, Sim *sim) {
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
    if (sim->nstock % 2 || ntricks > pt->tricks || cards != 2 * (pt->tricks - sim->ntricks)
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

/* run_tips(sim, knobs, until_cards, net=None): playout.run_tips, compiled. */
PyObject *native_run_tips(PyObject *module, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"sim", "knobs", "until_cards", "net", NULL};
    PyObject *obj, *knobs_o, *net_o = Py_None;
    int until_cards;
    Knobs k;
    Playout p = {.k = &k};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO!i|O:run_tips", kwlist, &obj, &PyTuple_Type,
                                     &knobs_o, &until_cards, &net_o))
        return NULL;
    if (!(p.pt = play_tables_of(module)) || read_net(net_o, &p.net) < 0
        || read_knobs(knobs_o, &k) < 0)
        return NULL;
    Sim sim;
    if (read_sim(p.pt, obj, &sim) < 0 || sim_run(&p, &sim, until_cards) < 0
        || write_sim(obj, &sim) < 0)
        return NULL;
    Py_RETURN_NONE;
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
static int play_line(const PlayTables *pt, Sim *sim, const Line *line) {
    for (int i = 0; i < line->n; i++) {
        int c = line->cards[i], seat = sim->lead < 0 ? sim->leader : 1 - sim->leader;
        if (!(sim->masks[seat] >> c & 1) || sim->ntricks >= pt->tricks) {
            PyErr_Format(PyExc_ValueError, "card %d is not in the hand of the seat to move", c);
            return -1;
        }
        sim_play(pt, sim, c);
    }
    return 0;
}

/* playouts(bases, lines, knobs, until_cards, play_for_capot, memo, net=None):
 * for each line, for each base, a copy of the base with the line's cards
 * played, then the tips to the end or to until_cards (then the solver): its
 * two scores. */
PyObject *native_playouts(PyObject *module, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"bases", "lines", "knobs", "until_cards", "play_for_capot", "memo",
                             "net", NULL};
    PyObject *bases_o, *lines_o, *knobs_o, *memo_o, *net_o = Py_None;
    int until_cards, play_for_capot;
    Knobs k;
    Playout p = {.k = &k};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO!ipO|O:playouts", kwlist, &bases_o,
                                     &lines_o, &PyTuple_Type, &knobs_o, &until_cards,
                                     &play_for_capot, &memo_o, &net_o))
        return NULL;
    if (!(p.pt = play_tables_of(module)) || !(p.rules = rules_of(module))
        || read_net(net_o, &p.net) < 0)
        return NULL;
    if (memo_o != Py_None && !PyObject_TypeCheck(memo_o, &MemoType)) {
        PyErr_SetString(PyExc_TypeError, "memo must be a _native.Memo or None");
        return NULL;
    }
    p.memo = memo_o == Py_None ? NULL : (MemoObject *)memo_o;
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
    Py_ssize_t n = nl && nb > PY_SSIZE_T_MAX / 2 / nl ? -1 : nb * nl;
    Sim *bases = PyMem_New(Sim, nb > 0 ? nb : 1);
    Line *lines = PyMem_New(Line, nl > 0 ? nl : 1);
    long long *scores = n < 0 ? NULL : PyMem_New(long long, n > 0 ? 2 * n : 1);
    PyObject *out = NULL;
    if (!bases || !lines || !scores) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t b = 0; b < nb; b++)
        if (read_sim(p.pt, PyTuple_GET_ITEM(base_items, b), &bases[b]) < 0) goto done;
    for (Py_ssize_t i = 0; i < nl; i++)
        if (read_line(PyTuple_GET_ITEM(line_items, i), &lines[i]) < 0) goto done;
    /* played and scored in C alone (no Python object made, so no collector
     * and no finalizer runs in between), then the answer built */
    for (Py_ssize_t i = 0; i < nl; i++) {
        for (Py_ssize_t b = 0; b < nb; b++) {
            Sim sim = bases[b];
            long long *sc = &scores[2 * (i * nb + b)];
            if (play_line(p.pt, &sim, &lines[i]) < 0 || sim_run(&p, &sim, until_cards) < 0)
                goto done;
            if (until_cards) {
                if (sim_solved_scores(&p, &sim, play_for_capot, sc) < 0) goto done;
            } else {
                sim_scores(p.pt, &sim, sc);
            }
        }
    }
    out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        PyObject *pair = Py_BuildValue("(LL)", scores[2 * i], scores[2 * i + 1]);
        if (!pair) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, pair);
    }
done:
    PyMem_Free(bases);
    PyMem_Free(lines);
    PyMem_Free(scores);
    Py_DECREF(base_items);
    Py_DECREF(line_items);
    return out;
}
