"""The writer's preview (`tpukb preview`): a saved page served again alone.

tpukb.preview.worker keeps one language's build warm, tpukb.preview.session
decides what a change needs and assembles the site, tpukb.preview.server is
MkDocs' live-reload server told which files changed.
"""
