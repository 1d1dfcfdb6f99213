/** The click-to-edit panel of `site dev` (filled in by the next commit). */
