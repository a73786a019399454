# µs per move by thread and by what the server was doing, from `perf script` of a
# `perf record --call-graph dwarf` of the whole server (tests/bench/closed_loop_paths.sh).
# Each sample goes to the first path below that its stack names (a send inside a settle is
# a send), so the shares add up to the thread's whole CPU.
# Usage: perf script -i perf.data | python3 perf_by_path.py <moves in the window> <perf's -F> <network thread id>
import collections
import sys


def names(*keys):
    return lambda text: any(k in text for k in keys)


NETWORK = [
    ('send: sendmsg (the kernel; on loopback it delivers to the client too)', names('sendmsg')),
    ('receive: recvmsg', names('recvmsg')),
    ('wait: epoll_wait', names('epoll_wait')),
    ('the log: lines added, blocks of 32 packed (match_log)', names('match_log::')),
    ('views: built, diffed, packed, framed (publish)', names('publish', 'view_frames', 'preset_deflate',
                                                           'diff_encoded', 'current_view')),
    ('the move judged and applied (play, on_play, settle)', names('on_play', 'match_actor::play', 'settle')),
    ('the append handed to storage (submit_append)', names('submit_append', 'worker::submit')),
    ('a frame read and routed (Beast, session, request router)', names('read_some_op', 'on_read',
                                                                        'websocket_session::receive', 'route')),
    ('a frame written (session, not the syscall)', names('on_send', 'do_write')),
    ('Asio: scheduler and strands', names('boost::asio')),
]
STORAGE = [
    ('commit: fdatasync', names('fdatasync')),
    ('WAL checkpoint', names('sqlite3_wal_checkpoint')),
    ('archival of a running match that pins the journal (upkeep)',
     lambda text: 'action_log::upkeep' in text and 'copy_to_log' in text),
    ('archived rows deleted from the journal\'s front (upkeep)', names('action_log::upkeep')),
    ('archival of a finished match (finish)', names('copy_to_log')),
    ('a move appended to the journal (the insert)', names('action_log::append')),
    ('a finished match\'s row (finish, the rest)', names('match_store::finish')),
    ('commit: the rest (WAL writes, locks)', names('database::commit')),
    ('other jobs (lobbies, matches, preferences)', names('_store::')),
    ('the worker: queue and wake-ups', names('worker::')),
]


def read_samples(lines):
    """`perf script`'s samples as (thread id, stack leaf first); perf_by_thread.py reads them so too."""
    thread, stack = None, []
    for line in lines:
        if not line.strip():
            if thread is not None:
                yield thread, stack
            thread, stack = None, []
        elif not line[0].isspace():
            thread = next(p for p in line.split() if p.isdigit())
        elif thread is not None:
            stack.append(line.strip())
    if thread is not None:
        yield thread, stack


def path_of(stack, paths):
    text = '\n'.join(stack)
    return next((name for name, named in paths if named(text)), 'other')


def main():
    moves, frequency, network = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    samples = collections.defaultdict(list)   # thread id -> its samples' stacks
    for thread, stack in read_samples(sys.stdin):
        samples[thread].append(stack)
    # A sample stands for 1/frequency s of the thread's CPU (perf's cpu-clock counts time on a core).
    per_sample = 1e6 / frequency / moves
    # The server runs two threads: the network thread and the storage thread.
    for tid, stacks in sorted(samples.items(), key=lambda kv: kv[0] != network):
        paths = NETWORK if tid == network else STORAGE
        counted = collections.Counter(path_of(s, paths) for s in stacks)
        print(f'{"network" if tid == network else "storage"} thread {tid}: '
              f'{len(stacks) * per_sample:.1f} µs a move ({len(stacks)} samples)')
        for name, _ in paths + [('other', None)]:
            print(f'  {counted[name] * per_sample:5.2f} µs {100 * counted[name] / len(stacks):5.1f} %  {name}')
    print(f'{moves:.0f} moves in the window')


if __name__ == '__main__':
    main()
