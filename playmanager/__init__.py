"""playmanager: the terminal front end of gamestate2048.

The line mode is PlayManager.java and Game2048.java of the PA4 reference,
byte for byte: ``python -m playmanager [FILE]``. Save files are read and
written by :mod:`playmanager.savefile`, usable without the command line::

    from playmanager.savefile import load, save
"""
