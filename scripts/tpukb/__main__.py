"""`python -m tpukb` is the command `tpukb` (tpukb.cli)."""

from tpukb.cli import main

raise SystemExit(main())
