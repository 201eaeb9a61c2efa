"""Statistics for trustworthy balance and strength claims (issue 26).

* :mod:`.stats`: Wilson intervals, Bradley-Terry ratings with Hessian intervals, chi-square against fair,
  the exact McNemar (sign) test and a paired permutation test on the same seeds;
* :mod:`.order`: who took the first turn, and a seat's place in the turn order;
* :mod:`.ladder`: agents A against B on paired seeds, every agent in every seat equally often, and the
  ladder of ratings across a game's agents;
* :mod:`.balance`: win rates by seat and by turn position, house rules on paired seeds, and findings that
  are stated only with their interval and test.
"""
