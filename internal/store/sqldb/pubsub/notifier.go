package pubsub

import (
	"context"
	"sync"
	"time"
)

// Bounds of the announcement queue: how many committed transactions may wait
// (past it a transaction announces its own ids before returning), and how
// long an announcement may take.
const (
	MaxQueued   = 4096
	SendTimeout = 5 * time.Second
)

// Notifier is the queue of ids to announce and the goroutine that drains it.
type Notifier struct {
	send    func(ctx context.Context, payload string) error
	queue   chan []int64
	stop    chan struct{}
	done    sync.WaitGroup
	stopped sync.Once
}

// NewNotifier starts the goroutine that announces each payload with send
// (a pg_notify on the database's channel).
func NewNotifier(send func(ctx context.Context, payload string) error) *Notifier {
	return newNotifier(send, MaxQueued, true)
}

// newNotifier is a notifier whose queue holds queued transactions; without
// drain nothing empties the queue (a test fills it).
func newNotifier(send func(ctx context.Context, payload string) error, queued int, drain bool) *Notifier {
	n := &Notifier{send: send, queue: make(chan []int64, queued), stop: make(chan struct{})}
	if drain {
		n.done.Add(1)
		go n.run()
	}
	return n
}

// Notify queues the ids of a committed transaction's events; with the queue
// full it announces them itself, so no announcement is ever dropped for load.
func (n *Notifier) Notify(ctx context.Context, ids []int64) {
	select {
	case n.queue <- ids:
	default:
		n.announce(context.WithoutCancel(ctx), ids)
	}
}

// run drains the queue until Close, one announcement for all the ids
// waiting; at Close it announces what is left.
func (n *Notifier) run() {
	defer n.done.Done()
	for {
		select {
		case ids := <-n.queue:
			n.announce(context.Background(), n.gather(ids))
		case <-n.stop:
			if ids := n.gather(nil); len(ids) > 0 {
				n.announce(context.Background(), ids)
			}
			return
		}
	}
}

// gather appends to ids every id queued meanwhile.
func (n *Notifier) gather(ids []int64) []int64 {
	for {
		select {
		case more := <-n.queue:
			ids = append(ids, more...)
		default:
			return ids
		}
	}
}

func (n *Notifier) announce(ctx context.Context, ids []int64) {
	ctx, cancel := context.WithTimeout(ctx, SendTimeout)
	defer cancel()
	for _, payload := range Payloads(ids) {
		if n.send(ctx, payload) != nil {
			return
		}
	}
}

// Close announces what is queued and stops the goroutine (the store is
// closing: what commits later is not announced); closing again does nothing.
func (n *Notifier) Close() {
	n.stopped.Do(func() { close(n.stop) })
	n.done.Wait()
}
