# µs per move by thread and by the syscall a sample was in, from `perf script` of a
# `perf record -e cpu-clock -F 2000 -g` (tests/bench/paced_profile.sh).
# Usage: perf script -i perf.data | python3 perf_by_thread.py <moves> <network thread id> [symbol ...]
# Symbols given: the µs per move of network-thread samples whose stack names them.
import collections
import sys

from perf_by_path import read_samples

moves, network = float(sys.argv[1]), sys.argv[2]
symbols = sys.argv[3:]
per_sample = 1e6 / 2000 / moves   # µs of one sample, per move
syscalls = ['sendmsg', 'recvmsg', 'epoll_wait', 'epoll_ctl', 'futex', 'fdatasync', 'pwrite', 'pread', 'fcntl',
            'timerfd', 'write', 'read']
by_place, by_thread, leaf, named = (collections.Counter() for _ in range(4))


def count(sample):
    if not sample:
        return
    thread = 'network' if sample[0] == network else 'storage'
    frames = sample[1]
    stack = '\n'.join(frames)
    by_thread[thread] += 1
    place = 'user space'
    if frames and '[kernel' in frames[0]:
        place = next(('kernel: ' + s for s in syscalls if s in stack), 'kernel: other')
    by_place[(thread, place)] += 1
    if thread == 'network':
        leaf[frames[0].split(None, 1)[-1].split('+')[0] if frames else '?'] += 1
        for s in symbols:
            if s in stack:
                named[s] += 1


for thread_id, frames in read_samples(sys.stdin):
    count([thread_id, frames])
for thread, n in by_thread.items():
    print(f'{thread}: {n * per_sample:.1f} µs per move')
for (thread, place), n in sorted(by_place.items()):
    print(f'  {thread:8s} {place:20s} {n * per_sample:6.1f}')
print('network thread, leaf functions:')
for name, n in leaf.most_common(25):
    print(f'  {n * per_sample:5.2f} {name[:140]}')
for s in symbols:
    print(f'  {named[s] * per_sample:5.2f} in a stack naming {s}')
