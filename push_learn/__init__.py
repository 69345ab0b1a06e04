"""push_learn: learn the Push family of card games.

The rules core (``push_learn.cards``, ``push_learn.rummy``, ``push_learn.poker``) is pure Python;
``push_learn.widgets`` and ``push_learn.apps`` add Jupyter widgets and Voila dashboards on top.
"""

__version__ = "0.1.0"
