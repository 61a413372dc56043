package link

import "math/rand"

// LossModel decides, packet by packet, whether a packet arriving at the link is lost.
type LossModel interface {
	Lose() bool
}

// RandomLoss loses each packet independently with a fixed probability.
type RandomLoss struct {
	rate   float64
	random *rand.Rand
}

// NewRandomLoss loses packets with probability rate, drawn from random.
func NewRandomLoss(rate float64, random *rand.Rand) *RandomLoss {
	return &RandomLoss{rate: rate, random: random}
}

// Lose implements LossModel.
func (l *RandomLoss) Lose() bool {
	return l.rate > 0 && l.random.Float64() < l.rate
}

// GilbertElliott is bursty loss: a two-state Markov chain, good and bad, each with its own loss probability.
// Each packet is lost or not in the current state, then the chain moves: good to bad with probability ToBad,
// bad to good with probability ToGood. It starts in the good state.
type GilbertElliott struct {
	settings GilbertElliottSettings
	random   *rand.Rand
	bad      bool
}

// GilbertElliottSettings are the four probabilities of the Gilbert-Elliott model.
type GilbertElliottSettings struct {
	ToBad, ToGood, LossGood, LossBad float64
}

// MeanLoss is the long-run fraction of packets lost.
func (s GilbertElliottSettings) MeanLoss() float64 {
	return (s.ToGood*s.LossGood + s.ToBad*s.LossBad) / (s.ToBad + s.ToGood)
}

// MeanBurst is the mean number of packets in a visit to the bad state.
func (s GilbertElliottSettings) MeanBurst() float64 {
	return 1 / s.ToGood
}

// NewGilbertElliott returns the model with settings, drawing from random.
func NewGilbertElliott(settings GilbertElliottSettings, random *rand.Rand) *GilbertElliott {
	return &GilbertElliott{settings: settings, random: random}
}

// Lose implements LossModel.
func (g *GilbertElliott) Lose() bool {
	p := g.settings.LossGood
	if g.bad {
		p = g.settings.LossBad
	}
	lost := g.random.Float64() < p
	if g.bad {
		g.bad = g.random.Float64() >= g.settings.ToGood
	} else {
		g.bad = g.random.Float64() < g.settings.ToBad
	}
	return lost
}

// EitherLoss loses a packet that any of its models loses; every model sees every packet.
type EitherLoss []LossModel

// Lose implements LossModel.
func (e EitherLoss) Lose() bool {
	lost := false
	for _, m := range e {
		if m.Lose() {
			lost = true
		}
	}
	return lost
}
