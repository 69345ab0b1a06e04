"""Voila settings for Binder and JupyterHub (copied to ~/.jupyter/voila.py by binder/postBuild).

The same choices as ``push-learn serve``: the push_learn template (offline pages, loading message,
landing page listing the dashboards), no source code and no tracebacks shown to students.
"""

from push_learn.apps.serve import landing_page_config

c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)

c.VoilaConfiguration.template = "push_learn"
c.VoilaConfiguration.theme = "light"
c.VoilaConfiguration.classic_tree = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.page_config_hook = landing_page_config
c.VoilaConfiguration.extension_denylist = ["jupyterlab_pygments"]
