#!/usr/bin/python3
"""Attention rollout and flow written from Abnar & Zuidema (2020) and their published code, as an
independent reference for tst_attentionflow: numpy for the rollout, networkx's Edmonds-Karp for
the maximum flows. Usage: reference_flow.py IN.json OUT.json, IN holding "attention" (layers ×
heads × n × n); OUT gets "rollout" and "flow" (n × n, row = output token, column = input token)."""
import json
import sys

import networkx as nx
import numpy as np


def main():
    attention = np.array(json.load(open(sys.argv[1]))["attention"], dtype=np.float64)
    layers, _, n, _ = attention.shape
    mean = attention.mean(axis=1) + np.eye(n)[None, ...]  # the residual connection
    augmented = mean / mean.sum(axis=-1)[..., None]
    joint = augmented[0]
    for layer in range(1, layers):
        joint = augmented[layer] @ joint
    graph = nx.DiGraph()
    node = lambda layer, token: layer * n + token  # noqa: E731
    graph.add_nodes_from(range((layers + 1) * n))
    for layer in range(layers):
        for j in range(n):
            for i in range(n):
                if augmented[layer, j, i] > 0:
                    graph.add_edge(node(layer + 1, j), node(layer, i), capacity=float(augmented[layer, j, i]))
    flow = np.zeros((n, n))
    for j in range(n):
        for i in range(n):
            flow[j, i] = nx.maximum_flow_value(graph, node(layers, j), node(0, i),
                                               flow_func=nx.algorithms.flow.edmonds_karp)
        flow[j] /= flow[j].sum()
    json.dump({"rollout": joint.tolist(), "flow": flow.tolist()}, open(sys.argv[2], "w"))


if __name__ == "__main__":
    main()
