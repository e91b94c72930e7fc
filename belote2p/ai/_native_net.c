/*
 * The learned playout policy (evaluator.py) in whole numbers only, so it
 * picks the card Python picks on every machine; and its weights as a value:
 * a _native.Net reads them once when it is made and nothing changes them
 * after, so the core keeps no network between calls and no thread can change
 * the weights another's playouts read (evaluator.Net.compiled makes one a
 * network; run_tips and playouts are handed it).
 */

#include "_native.h"

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
int net_card(const Net *net, const PlayTables *pt, const Sim *sim, int seat, const Info *info) {
    int trump = sim->trump, other = 1 - seat;
    const int *st = pt->str[trump];
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
            || (score == best_score && (st[c] < st[best] || (st[c] == st[best] && c < best)))) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* The network of net_o (a _native.Net, or None: NULL) into *net; -1 with
 * TypeError set if it is neither.  The caller's argument holds the object
 * (and so its weights) for the whole call. */
int read_net(PyObject *net_o, const Net **net) {
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

PyTypeObject NetType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "belote2p.ai._native.Net",
    .tp_basicsize = sizeof(NetObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Net(w1, b1, w2, b2)\n--\n\n"
              "evaluator.Net's whole-number weights, read once: an immutable value that "
              "run_tips and playouts are handed (net=).",
    .tp_new = Net_new,
};
