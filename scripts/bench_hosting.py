"""Hosting benchmark, before (Python preview server) and after (nginx, production
configuration): load per article with ab, Lighthouse per article (tpukb.hosting.bench).
Run it through scripts/bench_hosting, which installs ab, nginx and Lighthouse.
"""

from tpukb.hosting.bench import main

raise SystemExit(main())
