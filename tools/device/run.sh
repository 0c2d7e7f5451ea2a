# One run on a lent GPU machine (16 cores, one H200 or H100; nothing installed but torch): the detector's NER speed
# there (tools/device/infer.py), then six fine-tuning runs side by side (tools/device/orchestrate.py) until TRAIN_END
# seconds after the start; the two best checkpoints of each language (float16) and the logs are written to $OUT.
#
# Prepare here (measured and used on 2026-11-26, see docs/performance.md "GPU" and the de/pt model cards):
#   anonymizer-dev corpora ...            # work/ner-data/de-big and pt-big, commands in the de/pt model cards
#   python tools/device/prepare.py        # .gpu/data/*.json.gz (8 MB)
#   pip download --no-deps --only-binary=:all: --python-version 3.12 ... -d .whl stanza==1.15.0 emoji orjson \
#       udtools udapi termcolor platformdirs pydantic pydantic-core pydantic-settings annotated-types \
#       typing-inspection python-dotenv          # what the machine lacks (its torch is its own)
#   .gpu/ and .whl/ listed in .git/info/exclude; the weights of languages not trained moved out of the working tree
#   while the call runs (the tree that travels is limited to 64 MiB).
# On the device, from the repository root:  OUT=$OUT TRAIN_END=455 bash tools/device/run.sh
T0=$(date +%s)
[ -n "${SKIP_PIP:-}" ] || python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader; nproc
timeout ${INFER_LIMIT:-110} python3 tools/device/infer.py $OUT/infer.json 2>&1 | grep -v Warning | tail -20
NOW=$(date +%s); python3 tools/device/orchestrate.py $OUT $(( ${TRAIN_END:-455} - (NOW - T0) )) "$@" 2>&1 | tail -40
echo total $(( $(date +%s) - T0 )) s
