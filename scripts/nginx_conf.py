"""Print the nginx configuration of a built site (tpukb.hosting.nginx).

Usage: .venv/bin/python scripts/nginx_conf.py SITE [--port 8000] [--listen 80]
       [--server-name kb.example.org] [--runtime DIR] [-o nginx.conf]
"""

from tpukb.hosting.cli import nginx_conf_main

raise SystemExit(nginx_conf_main())
