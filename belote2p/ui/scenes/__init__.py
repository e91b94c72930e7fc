"""The screens other than the table, one a module.  They never import each
other: they move through ``ctx.nav`` (see ``ui.navigation``)."""
