"""What follows an action, one step at a time (spec M1-M5, X1-X3, F1-F3).

The state keeps a stack of steps (next last).  ``run`` does every step that needs nobody's
choice and stops at the first that does; that step is then the pending *decision*, whose seat
is ``to_move``.  A choice with a single option is made automatically.  Steps are small tuples:

``("gain", seat, shop)``      a cube from a shop (becomes ``take`` when the colour is a choice)
``("cap", seat)``             M5 (becomes ``return`` when the cat is over the cap)
``("cb", seat, coffees, bees, trades)``   coffee and bee in the player's order; ``trades`` left
                                          in the coffee being used
``("dog", seat, space)``      the dog chases the cat from ``space``
``("fights", seat)``          F1/F2: a fight with each other cat on the cat's space
``("fight", attacker, defender)``  F3/F4: rock-paper-scissors, the defender commits first
``("steal", winner, loser)``  the winner picks the colour it takes
"""

from __future__ import annotations

from typing import Any

from catgames.core.rules import Event, Reason
from catgames.games.cathood.actions import Step, TurnState, arrival
from catgames.games.cathood.moves import (
    COFFEE_DONE, RPS, RPS_MOVES, Chase, CoffeeDone, Reserve, Return, Rps, Steal, Take, Trade,
)


NO_CHOICE = -1     #: no rock-paper-scissors choice committed in the current fight
HIDDEN = 3         #: a committed choice the viewer may not see
DECISIONS: dict[str, type | tuple[type, ...]] = {"take": Take, "return": Return, "cb": (Trade, CoffeeDone, Reserve), "dog": Chase,
             "fight": Rps, "steal": Steal}


def run(state: TurnState, events: list[Event]) -> None:
    """Resolve steps until one needs a choice (left on top of the stack) or none are left."""
    todo = state.todo
    data = state.data
    while todo:
        step = todo[-1]
        kind = step[0]
        if kind == "gain":
            todo.pop()
            seat, colours = step[1], data.shop_colours[step[2]]
            open_ = [c for c in colours if state.supply[c] > 0]
            if len(open_) == 1:
                _gain(state, seat, open_[0], events)
            elif open_:
                todo.append(("take", seat, step[2]))
                return
        elif kind == "cap":
            seat = step[1]
            if sum(state.cubes[seat]) <= data.cap:
                todo.pop()
                continue
            held = [c for c, k in enumerate(state.cubes[seat]) if k]
            if len(held) > 1:
                todo[-1] = ("return", seat)
                return
            state.give_back(seat, held[0], events)
        elif kind == "cb":
            todo.pop()
            rest = _coffee_and_bee(state, step, events)
            if rest is not None:
                todo.append(rest)
                return
        elif kind == "fights":
            todo.pop()
            seat = step[1]
            space, n = state.cats[seat], state.n
            rivals = [(seat + k) % n for k in range(1, n) if state.cats[(seat + k) % n] == space]
            todo.extend(("fight", seat, r) for r in reversed(rivals))
        elif kind == "fight":
            if not state.options["rps_auto"]:
                return
            todo.pop()
            rng = state.rng()
            _fight(state, step[1], step[2], rng.randrange(3), rng.randrange(3), events)
        elif kind == "steal":
            held = [c for c, k in enumerate(state.cubes[step[2]]) if k]
            if len(held) > 1:
                return
            todo.pop()
            if held:
                _steal(state, step[1], step[2], held[0], events)
            else:
                events.append(Event.of("steal", step[1], loser=step[2], colour=None))
        else:                                    # take, return, dog: always a choice
            return


def decider(state: TurnState) -> int:
    """The seat that makes the pending decision."""
    step = state.todo[-1]
    if step[0] == "fight":
        return step[2] if state.committed == NO_CHOICE else step[1]
    return step[1]


def decision_moves(state: TurnState) -> list[Any]:
    step = state.todo[-1]
    kind, seat = step[0], step[1]
    data = state.data
    names = data.colours
    if kind == "take":
        return [Take(names[c]) for c in data.shop_colours[step[2]] if state.supply[c] > 0]
    if kind == "return":
        return [Return(names[c]) for c, k in enumerate(state.cubes[seat]) if k]
    if kind == "cb":
        _, _, coffees, bees, trades = step
        moves: list[Any] = []
        if bees and not trades:
            moves += [Reserve(data.cards[c].id) for row in state.rows for c in row]
        if coffees or trades:
            moves += trade_moves(state, seat) + [COFFEE_DONE]
        return moves
    if kind == "dog":
        return [Chase(state.geo.names[s]) for s in state.geo.neighbours[step[2]]]
    if kind == "fight":
        return list(RPS_MOVES)
    return [Steal(names[c]) for c, k in enumerate(state.cubes[step[2]]) if k]


def trade_moves(state: TurnState, seat: int) -> list[Trade]:
    names = state.data.colours
    cubes, supply = state.cubes[seat], state.supply
    return [Trade(names[g], names[t]) for g in range(len(names)) if cubes[g]
            for t in range(len(names)) if t != g and supply[t]]


def decision_reason(state: TurnState, move: Any) -> Reason | None:
    kind = state.todo[-1][0]
    if not isinstance(move, DECISIONS[kind]):
        return Reason.of("decide_first", decision=kind)
    if move not in decision_moves(state):
        return Reason.of("not_an_option", move=str(move), decision=kind)
    return None


def decide(state: TurnState, move: Any, events: list[Event]) -> None:
    """Apply a legal decision, then run on."""
    todo = state.todo
    step = todo.pop()
    kind, seat = step[0], step[1]
    data = state.data
    if kind == "take":
        _gain(state, seat, data.colour(move.colour), events)
    elif kind == "return":
        state.give_back(seat, data.colour(move.colour), events)
        todo.append(("cap", seat))
    elif kind == "cb":
        _, _, coffees, bees, trades = step
        if isinstance(move, Reserve):
            state.reserve(seat, data.card_index(move.card), events)
            bees -= 1
        else:
            if not trades:                       # opening (or skipping) a coffee
                coffees, trades = coffees - 1, data.coffee_trades
            if isinstance(move, Trade):
                state.trade(seat, data.colour(move.give), data.colour(move.get), events)
                trades -= 1
            else:
                trades = 0
                events.append(Event.of("coffee_done", seat))  # heard, though nothing else moved
        todo.append(("cb", seat, coffees, bees, trades))
    elif kind == "dog":
        space = state.geo.space(move.space)
        state.cats[seat] = space
        events.append(Event.of("dog", seat, path=(move.space,)))
        state.push(arrival(state, seat, space, dog=False))
    elif kind == "fight":
        choice = RPS.index(move.choice)
        if state.committed == NO_CHOICE:
            todo.append(step)
            state.committed = choice
            events.append(Event.of("rps_committed", step[2]))
        else:
            _fight(state, seat, step[2], choice, state.committed, events)
    else:
        _steal(state, seat, step[2], data.colour(move.colour), events)
    run(state, events)


def _coffee_and_bee(state: TurnState, step: Step, events: list[Event]) -> Step | None:
    """The ``cb`` step with what can no longer happen dropped, or ``None`` when it is over."""
    _, seat, coffees, bees, trades = step
    if bees and (state.reserved[seat] >= 0 or not any(state.rows)):
        events.append(Event.of("bee", seat, card=None))          # edge case 14
        bees = 0
    if (coffees or trades) and not trade_moves(state, seat):
        coffees = trades = 0
    if not (coffees or bees or trades):
        return None
    return ("cb", seat, coffees, bees, trades)


def _gain(state: TurnState, seat: int, colour: int, events: list[Event]) -> None:
    state.supply[colour] -= 1
    state.cubes[seat][colour] += 1
    events.append(Event.of("gain", seat, colour=state.data.colours[colour]))
    state.todo.append(("cap", seat))


def _fight(state: TurnState, attacker: int, defender: int, a: int, d: int,
           events: list[Event]) -> None:
    """F3: rock beats scissors, scissors paper, paper rock; the winner steals one cube."""
    state.committed = NO_CHOICE
    winner = None if a == d else attacker if (a - d) % 3 == 1 else defender
    events.append(Event.of("fight", attacker, defender=defender, attacker_choice=RPS[a],
                           defender_choice=RPS[d], winner=winner).revealing(range(state.n)))
    if winner is not None:
        state.todo.append(("steal", winner, defender if winner == attacker else attacker))


def _steal(state: TurnState, winner: int, loser: int, colour: int, events: list[Event]) -> None:
    state.cubes[loser][colour] -= 1
    state.cubes[winner][colour] += 1
    events.append(Event.of("steal", winner, loser=loser, colour=state.data.colours[colour]))
    state.todo.append(("cap", winner))
