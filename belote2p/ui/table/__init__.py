"""The table: the run in play.  One job a module: ``scene`` ties them together;
``animation`` plays the beats, ``positions`` places the cards, ``rival_seat``
asks the worker, ``input`` turns keys and clicks into actions, ``state`` is
the frozen picture a frame draws and ``renderer`` draws it; ``demo`` holds
the demo's settings and screenshots."""
