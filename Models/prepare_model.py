# SPDX-License-Identifier: GPL-3.0-or-later
"""Prepares PP-OCR's models (ONNX) so that OpenCV 4.6's DNN runs them and computes what ONNX
Runtime computes.

Every network's GELU (five nodes: Div, Erf, Add, Mul, Mul) becomes one `Gelu` node, the shim's
own layer (OpenCV 4.6 runs the five as five passes, Erf a scalar loop: a fifth of the detector's
time).

The text detectors: their ReduceMean over height and width (squeeze-and-excitation) becomes
GlobalAveragePool. OpenCV 4.6 imports that ReduceMean as a pooling sized from the import-time
shape, which a dynamic input does not have: the probability map came out wrong (NaN at some
sizes), though the published file loads.

The recognizer, at any width:

OpenCV 4.6 cannot import the published graph: it takes shapes from `Shape` on a dynamic input,
and it handles 3-D tensors ([batch, steps, channels]) only for the width it was imported at.
This keeps the arithmetic and rewrites only the shapes:
  1. fold the shape arithmetic for a 1x3x48x320 input (onnx-simplifier, pinned);
  2. run the transformer's token tensors as 2-D [steps, channels] (OpenCV's Scale, InnerProduct
     and reductions treat 2-D rows correctly at every width), attention stays 4-D;
  3. keep the sequence as a 4-D map [1, channels, 1, steps] (no Squeeze/Unsqueeze of height 1),
     and turn the head (Transpose, then MatMul + Add per linear layer) into 1x1 convolutions;
  4. drop the final Softmax: the shim takes the softmax of the logits [1, classes, 1, steps].

The text-line orientation classifier (a fixed 1x3x48x192 input): fold its shape arithmetic,
give its Clip nodes their bounds as attributes (OpenCV 4.6 reads no Clip inputs), and keep
MatMul + Add apart (OpenCV 4.6 imports that Gemm with the wrong bias size).

usage: python prepare_model.py detector|recognizer|classifier SOURCE.onnx PREPARED.onnx
Run by Models/fetch.sh with pinned onnx and onnx-simplifier; the output's SHA-256 is checked.
"""
import sys

import numpy as np
import onnx
import onnxsim
from onnx import helper, numpy_helper

WIDTH = 320  # any multiple of 8 works; it only fixes the folding


def simplify(path, width):
    model = onnx.load(path)
    model, ok = onnxsim.simplify(model, overwrite_input_shapes={model.graph.input[0].name: [1, 3, 48, width]},
                                 skipped_optimizers=["fuse_matmul_add_bias_into_gemm"])
    if not ok:
        raise SystemExit(f"onnx-simplifier could not check the simplified {path}")
    return model


class Graph:
    def __init__(self, model):
        self.model, self.graph = model, model.graph
        self.inits = {i.name: i for i in self.graph.initializer}

    def producer(self, name):
        return next((n for n in self.graph.node if name in n.output), None)

    def consumers(self, name):
        return [n for n in self.graph.node if name in n.input]

    def const(self, name):
        return numpy_helper.to_array(self.inits[name]) if name in self.inits else None

    def add_const(self, name, array):
        tensor = numpy_helper.from_array(np.ascontiguousarray(array), name)
        self.graph.initializer.append(tensor)
        self.inits[name] = tensor
        return name

    def rename_input(self, old, new):
        for node in self.graph.node:
            for i, x in enumerate(node.input):
                if x == old:
                    node.input[i] = new
        for out in self.graph.output:
            if out.name == old:
                out.name = new

    def bypass(self, node):
        """Removes a node whose output equals its first input as far as the rewrite is concerned."""
        self.graph.node.remove(node)
        self.rename_input(node.output[0], node.input[0])

    def axes(self, node):
        return next((list(a.ints) for a in node.attribute if a.name == "axes"), None)


def keep_height_axis(g):
    """Squeeze/Unsqueeze of the height-1 axis 2 go: the sequence stays [1, C, 1, T]."""
    for node in [n for n in g.graph.node if n.op_type in ("Squeeze", "Unsqueeze") and g.axes(n) == [2]]:
        g.bypass(node)


def head_as_convolutions(g):
    """Transpose [0, 2, 1] then MatMul(const) + Add(const) pairs -> 1x1 convolutions."""
    for transpose in [n for n in g.graph.node if n.op_type == "Transpose"]:
        perm = next(list(a.ints) for a in transpose.attribute if a.name == "perm")
        users = g.consumers(transpose.output[0])
        if perm != [0, 2, 1] or len(users) != 1 or users[0].op_type != "MatMul":
            continue
        source, position = transpose.input[0], list(g.graph.node).index(transpose)
        chain, current = [], transpose.output[0]
        while True:
            users = g.consumers(current)
            if len(users) != 1 or users[0].op_type != "MatMul" or g.const(users[0].input[1]) is None:
                break
            matmul = users[0]
            adds = g.consumers(matmul.output[0])
            if len(adds) != 1 or adds[0].op_type != "Add" or g.const(adds[0].input[1]) is None:
                break
            chain.append((matmul, adds[0]))
            current = adds[0].output[0]
        if not chain:
            continue
        g.graph.node.remove(transpose)
        for k, (matmul, add) in enumerate(chain):
            weights, bias = g.const(matmul.input[1]), g.const(add.input[1])
            w = g.add_const(f"prepared.head{k}.weights", weights.T.reshape(weights.shape[1], weights.shape[0], 1, 1))
            b = g.add_const(f"prepared.head{k}.bias", bias)
            conv = helper.make_node("Conv", [source, w, b], [f"prepared.head{k}"], name=f"prepared.head{k}",
                                    kernel_shape=[1, 1])
            g.graph.node.remove(matmul)
            g.graph.node.remove(add)
            g.graph.node.insert(position + k, conv)
            g.rename_input(add.output[0], conv.output[0])
            source = conv.output[0]
        return source
    raise SystemExit("the recognizer's head (Transpose, MatMul, Add) was not found")


def tokens_as_rows(g):
    """[1, T, C] token tensors become [T, C]: a Reshape after the Transpose that makes them, and
    the Reshapes that copy the batch axis (0) name it as 1 or drop it."""
    for node in list(g.graph.node):
        if node.op_type != "Reshape":
            continue
        target = g.const(node.input[1])
        if target is None or target[0] != 0:
            continue
        if len(target) == 3 and target[1] == -1:
            new = np.array([-1, target[2]], dtype=np.int64)  # [0, -1, C] -> rows
        else:
            new = target.copy()
            new[0] = 1
        name = node.input[1] + ".prepared"
        node.input[1] = name if name in g.inits else g.add_const(name, new)
    for flatten in [n for n in g.graph.node if n.op_type == "Reshape"]:
        target = g.const(flatten.input[1])
        if target is None or len(target) != 3 or target[0] != 1 or target[2] != -1:
            continue
        transpose = g.consumers(flatten.output[0])
        if len(transpose) != 1 or transpose[0].op_type != "Transpose":
            continue
        channels = int(target[1])
        rows_out = transpose[0].output[0] + ".rows"
        shape = g.add_const(rows_out + ".shape", np.array([-1, channels], dtype=np.int64))
        rows = helper.make_node("Reshape", [transpose[0].output[0], shape],
                                [rows_out], name=rows_out)
        g.rename_input(transpose[0].output[0], rows_out)
        rows.input[0] = transpose[0].output[0]
        g.graph.node.insert(list(g.graph.node).index(transpose[0]) + 1, rows)


def global_pooling(g):
    """ReduceMean over height and width (the squeeze-and-excitation blocks) -> GlobalAveragePool,
    which OpenCV sizes at run time; its ReduceMean takes the kernel from the import-time shape."""
    for node in [n for n in g.graph.node if n.op_type == "ReduceMean" and g.axes(n) == [2, 3]]:
        keep = next((a.i for a in node.attribute if a.name == "keepdims"), 1)
        if keep != 1:
            continue
        pool = helper.make_node("GlobalAveragePool", [node.input[0]], list(node.output), name=node.name)
        g.graph.node.insert(list(g.graph.node).index(node), pool)
        g.graph.node.remove(node)


def layer_norm_without_broadcasts(g):
    """LayerNorm over rows [T, C] without the [T, C] op [T, 1] broadcasts OpenCV 4.6 gets wrong:
    x - mean(x) = x (I - 1/C), a MatMul; 1/std is spread over the row by a MatMul with ones."""
    for sub in [n for n in g.graph.node if n.op_type == "Sub"]:
        mean = g.producer(sub.input[1])
        if mean is None or mean.op_type != "ReduceMean" or g.axes(mean) != [-1] or mean.input[0] != sub.input[0]:
            continue
        divs = [n for n in g.consumers(sub.output[0]) if n.op_type == "Div"]
        if len(divs) != 1:
            raise SystemExit(f"unexpected layer norm at {sub.name}")
        div = divs[0]
        weights = g.const(g.consumers(div.output[0])[0].input[1])  # the Mul by gamma that follows
        channels = weights.shape[-1]
        centre = g.add_const(sub.name + ".centre",
                             (np.eye(channels) - np.full((channels, channels), 1.0 / channels)).astype(np.float32))
        centred = helper.make_node("MatMul", [sub.input[0], centre], list(sub.output), name=sub.name)
        position = list(g.graph.node).index(sub)
        g.graph.node.remove(sub)
        g.graph.node.insert(position, centred)
        if not g.consumers(mean.output[0]):
            g.graph.node.remove(mean)
        # the variance: ReduceMean over the row, which OpenCV 4.6 also shapes at import -> MatMul
        variance = g.producer(g.producer(g.producer(div.input[1]).input[0]).input[0])  # Sqrt <- Add eps <- ReduceMean
        if variance.op_type != "ReduceMean" or g.axes(variance) != [-1]:
            raise SystemExit(f"unexpected variance at {div.name}")
        average = g.add_const(variance.name + ".average", np.full((channels, 1), 1.0 / channels, dtype=np.float32))
        averaged = helper.make_node("MatMul", [variance.input[0], average], list(variance.output), name=variance.name)
        position = list(g.graph.node).index(variance)
        g.graph.node.remove(variance)
        g.graph.node.insert(position, averaged)
        ones = g.add_const(div.name + ".ones", np.ones((1, channels), dtype=np.float32))
        one = g.add_const(div.name + ".one", np.array(1.0, dtype=np.float32))
        inverse = helper.make_node("Div", [one, div.input[1]], [div.name + ".inverse"], name=div.name + ".inverse")
        spread = helper.make_node("MatMul", [inverse.output[0], ones], [div.name + ".spread"], name=div.name + ".spread")
        scaled = helper.make_node("Mul", [div.input[0], spread.output[0]], list(div.output), name=div.name)
        position = list(g.graph.node).index(div)
        g.graph.node.remove(div)
        for k, node in enumerate((inverse, spread, scaled)):
            g.graph.node.insert(position + k, node)


def squeeze_as_reshape(g):
    """A Squeeze that stays becomes a Reshape whose width-dependent axis is -1: OpenCV 4.6 turns
    Squeeze into a Reshape to the import-time shape."""
    squeezes = [n for n in g.graph.node if n.op_type in ("Squeeze", "Unsqueeze")]
    if not squeezes:
        return
    shapes = [inferred_shapes(g.model, width) for width in (WIDTH, 2 * WIDTH)]
    for node in squeezes:
        a, b = (s[node.output[0]] for s in shapes)
        target = np.array([x if x == y else -1 for x, y in zip(a, b)], dtype=np.int64)
        if (target == -1).sum() > 1:
            raise SystemExit(f"{node.name}: more than one axis depends on the width")
        reshape = helper.make_node("Reshape", [node.input[0], g.add_const(node.name + ".shape", target)],
                                   list(node.output), name=node.name)
        position = list(g.graph.node).index(node)
        g.graph.node.remove(node)
        g.graph.node.insert(position, reshape)


def inferred_shapes(model, width):
    trial = onnx.ModelProto()
    trial.CopyFrom(model)
    trial.graph.input[0].type.tensor_type.shape.dim[3].dim_value = width
    del trial.graph.value_info[:]
    for out in trial.graph.output:
        out.type.tensor_type.ClearField("shape")
    inferred = onnx.shape_inference.infer_shapes(trial, strict_mode=True)
    return {v.name: [d.dim_value for d in v.type.tensor_type.shape.dim]
            for v in list(inferred.graph.value_info) + list(inferred.graph.output)}


def drop_softmax(g):
    out = g.graph.output[0].name
    softmax = g.producer(out)
    if softmax is None or softmax.op_type != "Softmax":
        raise SystemExit("the recognizer does not end in a Softmax")
    g.graph.node.remove(softmax)
    g.graph.output[0].name = softmax.input[0]


def gelu_as_one_node(g):
    """GELU, exported as Div(x, sqrt 2) -> Erf -> Add 1 -> Mul x -> Mul 0.5, becomes one `Gelu`
    node: OpenCV 4.6 knows no such operator and builds the shim's layer registered under that
    name (one vectorised pass instead of five, its Erf a scalar loop). Only the shim runs the
    result; it is not valid ONNX at these opsets, so the checker runs before this step."""
    def scalar(name, value):
        c = g.const(name)
        return c is not None and c.size == 1 and abs(float(c.reshape(-1)[0]) - value) < 1e-4

    def only_user(name, op):
        users = g.consumers(name)
        return users[0] if len(users) == 1 and users[0].op_type == op else None

    for erf in [n for n in g.graph.node if n.op_type == "Erf"]:
        div = g.producer(erf.input[0])
        if div is None or div.op_type != "Div" or not scalar(div.input[1], 2 ** 0.5):
            continue
        x = div.input[0]
        add = only_user(erf.output[0], "Add")
        if add is None or not scalar(add.input[1], 1.0):
            continue
        times_x = only_user(add.output[0], "Mul")
        if times_x is None or x not in times_x.input:
            continue
        half = only_user(times_x.output[0], "Mul")
        if half is None or not scalar(half.input[1], 0.5):
            continue
        if len(g.consumers(div.output[0])) != 1:
            continue
        gelu = helper.make_node("Gelu", [x], list(half.output), name=half.name)
        position = list(g.graph.node).index(half)
        g.graph.node.insert(position, gelu)
        for node in (div, erf, add, times_x, half):
            g.graph.node.remove(node)
    if any(n.op_type == "Erf" for n in g.graph.node):
        raise SystemExit("an Erf outside the GELU pattern was left")


def clip_bounds_as_attributes(g):
    for node in [n for n in g.graph.node if n.op_type == "Clip" and len(n.input) == 3]:
        low, high = (float(g.const(name)) for name in node.input[1:])
        del node.input[1:]
        node.attribute.extend([helper.make_attribute("min", low), helper.make_attribute("max", high)])


def drop_unused_initializers(g):
    used = {x for n in g.graph.node for x in n.input}
    for tensor in [t for t in g.graph.initializer if t.name not in used]:
        g.graph.initializer.remove(tensor)


def prepare_recognizer(source):
    g = Graph(simplify(source, WIDTH))
    drop_softmax(g)
    keep_height_axis(g)
    global_pooling(g)
    logits = head_as_convolutions(g)
    tokens_as_rows(g)
    layer_norm_without_broadcasts(g)
    squeeze_as_reshape(g)
    out = g.graph.output[0]
    out.name = logits
    classes = g.const(g.producer(logits).input[2]).shape[0]
    del out.type.tensor_type.shape.dim[:]
    for d in (1, classes, 1):
        out.type.tensor_type.shape.dim.add().dim_value = d
    out.type.tensor_type.shape.dim.add().dim_param = "steps"
    del g.graph.value_info[:]
    drop_unused_initializers(g)
    onnx.checker.check_model(g.model)
    gelu_as_one_node(g)
    drop_unused_initializers(g)
    return g.model


def prepare_detector(source):
    """The text detectors keep their dynamic input: their squeeze-and-excitation means and
    their GELUs change."""
    g = Graph(onnx.load(source))
    global_pooling(g)
    onnx.checker.check_model(g.model)
    gelu_as_one_node(g)
    drop_unused_initializers(g)
    return g.model


def prepare_classifier(source):
    g = Graph(simplify(source, 192))
    clip_bounds_as_attributes(g)  # not valid ONNX for opset 11 any more, so no checker here
    drop_unused_initializers(g)
    return g.model


def main():
    kinds = {"detector": prepare_detector, "recognizer": prepare_recognizer, "classifier": prepare_classifier}
    if len(sys.argv) != 4 or sys.argv[1] not in kinds:
        raise SystemExit(__doc__)
    kind, source, target = sys.argv[1:]
    model = kinds[kind](source)
    onnx.save(model, target)


if __name__ == "__main__":
    main()
