package link

import (
	"math"
	"math/rand"
	"testing"
)

func TestRandomLossLosesItsRateOfManyPackets(t *testing.T) {
	l := NewRandomLoss(0.03, rand.New(rand.NewSource(7)))
	const n = 1_000_000
	lost := 0
	for i := 0; i < n; i++ {
		if l.Lose() {
			lost++
		}
	}
	if rate := float64(lost) / n; math.Abs(rate-0.03) > 0.001 {
		t.Fatalf("lost %.4f, want 0.03", rate)
	}
}

func TestGilbertElliottLosesItsMeanRateInBursts(t *testing.T) {
	s := GilbertElliottSettings{ToBad: 0.01, ToGood: 0.25, LossGood: 0, LossBad: 1}
	g := NewGilbertElliott(s, rand.New(rand.NewSource(7)))
	const n = 2_000_000
	lost, bursts, run := 0, 0, 0
	for i := 0; i < n; i++ {
		if g.Lose() {
			lost++
			run++
		} else if run > 0 {
			bursts, run = bursts+1, 0
		}
	}
	if rate := float64(lost) / n; math.Abs(rate-s.MeanLoss())/s.MeanLoss() > 0.05 {
		t.Fatalf("lost %.4f, want %.4f", rate, s.MeanLoss())
	}
	if burst := float64(lost) / float64(bursts); math.Abs(burst-s.MeanBurst())/s.MeanBurst() > 0.05 {
		t.Fatalf("mean burst %.2f packets, want %.2f", burst, s.MeanBurst())
	}
}

func TestSameSeedLosesTheSamePackets(t *testing.T) {
	a, b := NewRandomLoss(0.5, rand.New(rand.NewSource(3))), NewRandomLoss(0.5, rand.New(rand.NewSource(3)))
	for i := 0; i < 1000; i++ {
		if a.Lose() != b.Lose() {
			t.Fatalf("packet %d: different fate", i)
		}
	}
}
