"""CivicSTL benchmarks: build scaling, page weight, Lighthouse, service throughput and bursts."""
